import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  type AlertEvent,
  type DetailedHealth,
  METRICS_SAMPLE_MS,
  type MetricsSample,
} from '@switchboard/contract/monitoring';
import type { FastifyInstance } from 'fastify';
import type { RedisLink } from '../../app-deps.ts';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { readLiveCounts } from '../../db/live-counts.ts';
import { evaluateAlerts, listAlerts } from './alert-evaluation.ts';
import { clusterHealth, listInstances } from './cluster-health.ts';
import { HttpStats, routeGroup } from './http-stats.ts';
import { MetricsHistory, SAMPLES_PER_MINUTE } from './metrics-history.ts';
import * as repo from './monitoring.repository.ts';
import { createPrometheus } from './prometheus.ts';
import { measureSample } from './sample-measure.ts';
import { createSystemSampler } from './system-sampler.ts';

type Listener<T> = (value: T) => void;

/**
 * The first sample waits this long after the server starts listening: its ~10 statements (the round
 * trip, the heartbeat row, the alert rules) went first in the embedded database's queue, one at a
 * time, ahead of the first requests.
 */
const FIRST_SAMPLE_DELAY_MS = 1000;

interface MonitoringDeps {
  /** The app whose requests and connections are measured, and whose start and close drive the sampling. */
  app: FastifyInstance;
  /** The driver handle, pinged for the round trip. */
  database: DatabaseHandle;
  /** The disk whose usage is reported. */
  dataDir: string;
}

/**
 * This instance's measurements: sampled every few seconds, kept for an hour in memory, summarised to
 * the database each minute, checked against the alert rules, and reported as a heartbeat row so every
 * instance can show the whole cluster.
 */
export function createMonitoring(db: Database, { app, database, dataDir }: MonitoringDeps) {
  const instanceId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const startedAt = new Date();
  const http = new HttpStats();
  const system = createSystemSampler(dataDir);
  const prometheus = createPrometheus(() => database.connectionErrors?.() ?? 0);
  prometheus.watchOnlineUsers(async () => (await readLiveCounts(db)).onlineUsers);
  let redisLink: RedisLink | null = null;
  const history = new MetricsHistory();
  const sampleListeners = new Set<Listener<MetricsSample>>();
  const alertListeners = new Set<Listener<AlertEvent>>();
  let socketCount = () => 0;
  let openHttpConnections = 0;
  let ticks = 0;
  let timer: NodeJS.Timeout | undefined;
  let firstSample: NodeJS.Timeout | undefined;
  let ticking: Promise<MetricsSample> | null = null;
  const sources = {
    instanceId,
    database,
    system,
    http,
    openHttpConnections: () => openHttpConnections,
    socketCount: () => socketCount(),
  };

  app.server.on('connection', (socket) => {
    openHttpConnections++;
    socket.once('close', () => openHttpConnections--);
  });
  app.addHook('onResponse', async (request, reply) => {
    const group = routeGroup(request.routeOptions.url ?? request.url);
    http.record(group, reply.elapsedTime, reply.statusCode);
    prometheus.observeRequest(group, reply.statusCode, reply.elapsedTime);
  });

  /** One measurement at `at` (now by default): history, heartbeat, alerts, listeners. */
  async function tick(at = Date.now()): Promise<MetricsSample> {
    const sample = await measureSample(sources, at);
    history.push(sample);
    prometheus.update(sample);
    await repo.heartbeat(db, {
      id: instanceId,
      hostname: hostname(),
      pid: process.pid,
      startedAt,
      latest: sample,
    });
    for (const event of await evaluateAlerts(db, instanceId, sample)) {
      for (const listener of alertListeners) listener(event);
    }
    if (++ticks % SAMPLES_PER_MINUTE === 0) await history.persistMinute(db, instanceId);
    for (const listener of sampleListeners) listener(sample);
    return sample;
  }

  function serialTick(at?: number): Promise<MetricsSample> {
    const run = (ticking ?? Promise.resolve()).catch(() => undefined).then(() => tick(at));
    ticking = run;
    return run;
  }

  /** This instance's latest sample, measuring once if none has been taken yet. */
  async function current(): Promise<MetricsSample> {
    return history.latest() ?? (await serialTick());
  }

  let sampledHealth: { sample: MetricsSample; health: Promise<DetailedHealth> } | undefined;

  /**
   * The cluster's health as of this instance's latest sample. Each instance rewrites its row once per
   * sample period, so the rows are read once per sample (a view at most one period old) rather than on
   * every dashboard request.
   */
  async function latestHealth(): Promise<DetailedHealth> {
    const sample = await current();
    if (sampledHealth?.sample === sample) return sampledHealth.health;
    const health = listInstances(db).then((cluster) => clusterHealth(sample, cluster));
    const entry = { sample, health };
    sampledHealth = entry;
    // A failed read is not kept: the next request tries again.
    health.catch(() => {
      if (sampledHealth === entry) sampledHealth = undefined;
    });
    return health;
  }

  app.addHook('onListen', async () => {
    if (timer) return;
    timer = setInterval(() => {
      serialTick().catch((err) => app.log.warn({ err }, 'metrics sample failed'));
    }, METRICS_SAMPLE_MS);
    timer.unref();
    firstSample = setTimeout(() => {
      serialTick().catch((err) => app.log.warn({ err }, 'metrics sample failed'));
    }, FIRST_SAMPLE_DELAY_MS);
    firstSample.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    clearTimeout(firstSample);
    system.stop();
    await ticking?.catch(() => undefined);
  });

  return {
    instanceId,
    tick: serialTick,
    current,
    detailedHealth: async () => clusterHealth(await current(), await listInstances(db)),
    latestHealth,
    instances: () => listInstances(db),
    lastHour: () => history.lastHour(db),
    prometheus,
    setSocketCount(read: () => number) {
      socketCount = read;
    },
    /** The open sockets per namespace (console, app), for /metrics. */
    setSocketCounts(read: () => Record<string, number>) {
      prometheus.watchSockets(read);
    },
    /** Called by the realtime server when REDIS_URL is set; readiness and /metrics then report Redis. */
    setRedisLink(link: RedisLink) {
      redisLink = link;
      prometheus.watchRedis(link);
    },
    /** 'off' without REDIS_URL. */
    redisState: (): 'up' | 'down' | 'off' => (redisLink ? (redisLink.up() ? 'up' : 'down') : 'off'),
    onSample(listener: Listener<MetricsSample>) {
      sampleListeners.add(listener);
      return () => sampleListeners.delete(listener);
    },
    onAlert(listener: Listener<AlertEvent>) {
      alertListeners.add(listener);
      return () => alertListeners.delete(listener);
    },
    listAlerts: (options: { activeOnly: boolean; limit: number }) => listAlerts(db, options),
  };
}

export type Monitoring = ReturnType<typeof createMonitoring>;

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's measurements; the realtime server pushes them to admins. */
    monitoring: Monitoring;
  }
}
