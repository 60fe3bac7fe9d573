import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  type Alert,
  type AlertEvent,
  type DetailedHealth,
  INSTANCE_STALE_MS,
  METRICS_SAMPLE_MS,
  type MetricsSample,
} from '@switchboard/contract/monitoring';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { dailyCallStats } from '../calls/call-statistics.service.ts';
import { ALERT_RULES, type CallHealth } from './alert-rules.ts';
import { systemHealth } from './health-rule.ts';
import { HttpStats, routeGroup } from './http-stats.ts';
import * as repo from './monitoring.repository.ts';
import { createPrometheus } from './prometheus.ts';
import { createSystemSampler } from './system-sampler.ts';

/** Samples kept in memory: one hour at the sampling interval. */
const HISTORY_LENGTH = 3600_000 / METRICS_SAMPLE_MS;
const SAMPLES_PER_MINUTE = 60_000 / METRICS_SAMPLE_MS;

type Listener<T> = (value: T) => void;

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * This instance's measurements: sampled every few seconds, kept for an hour in memory, summarised to
 * the database each minute, checked against the alert rules, and reported as a heartbeat row so every
 * instance can show the whole cluster.
 */
export function createMonitoring(app: FastifyInstance, deps: AppDeps) {
  const instanceId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const startedAt = new Date();
  const http = new HttpStats();
  const system = createSystemSampler(deps.config.dataDir);
  const prometheus = createPrometheus();
  const history: MetricsSample[] = [];
  const sampleListeners = new Set<Listener<MetricsSample>>();
  const alertListeners = new Set<Listener<AlertEvent>>();
  let socketCount = () => 0;
  let openHttpConnections = 0;
  let ticks = 0;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<MetricsSample> | null = null;

  app.server.on('connection', (socket) => {
    openHttpConnections++;
    socket.once('close', () => openHttpConnections--);
  });
  app.addHook('onResponse', async (request, reply) => {
    const group = routeGroup(request.routeOptions.url ?? request.url);
    http.record(group, reply.elapsedTime, reply.statusCode);
    prometheus.observeRequest(group, reply.statusCode, reply.elapsedTime);
  });

  async function databaseRoundTrip(): Promise<number> {
    const started = performance.now();
    try {
      await deps.database.ping();
      return round2(performance.now() - started);
    } catch {
      return -1;
    }
  }

  async function callHealthToday(): Promise<CallHealth> {
    const [today] = await dailyCallStats(deps.db, 1);
    const calls = today ? today.voice + today.video + today.group : 0;
    return {
      calls,
      failureRate: calls && today ? today.failed / calls : 0,
      averageQuality: today?.average_quality ?? 0,
    };
  }

  async function measure(at: number): Promise<MetricsSample> {
    const [reading, latency] = await Promise.all([system.read(), databaseRoundTrip()]);
    const { all, groups } = http.summarise(at);
    return {
      instance_id: instanceId,
      timestamp: new Date(at).toISOString(),
      cpu_usage: reading.cpuUsage,
      process_cpu: reading.processCpu,
      memory_usage: reading.memoryUsage,
      process_memory_mb: reading.processMemoryMb,
      disk_usage: reading.diskUsage,
      event_loop_delay_ms: reading.eventLoopDelayMs,
      response_time: round2(all.p50),
      p50: round2(all.p50),
      p95: round2(all.p95),
      p99: round2(all.p99),
      error_rate: round2(all.errorRate * 10_000) / 10_000,
      requests_per_minute: all.requests,
      active_http_connections: openHttpConnections,
      active_socket_connections: socketCount(),
      network_latency: latency,
      uptime: Math.round(process.uptime()),
      routes: [...groups].map(([group, s]) => ({
        group,
        requests: s.requests,
        p50: round2(s.p50),
        p95: round2(s.p95),
        p99: round2(s.p99),
        error_rate: round2(s.errorRate * 10_000) / 10_000,
      })),
    };
  }

  async function evaluateAlerts(sample: MetricsSample): Promise<void> {
    const calls = await callHealthToday();
    for (const rule of ALERT_RULES) {
      const owner = rule.scope === 'instance' ? instanceId : 'cluster';
      const message = rule.check(sample, calls);
      const row = message
        ? await repo.openAlert(deps.db, {
            instanceId: owner,
            rule: rule.rule,
            severity: rule.severity,
            message,
          })
        : await repo.clearAlert(deps.db, owner, rule.rule);
      if (row) {
        const event = { ...toAlert(row), state: message ? ('raised' as const) : ('cleared' as const) };
        for (const listener of alertListeners) listener(event);
      }
    }
  }

  async function persistMinute(): Promise<void> {
    const last = history.slice(-SAMPLES_PER_MINUTE);
    if (last.length === 0) return;
    const mean = (pick: (s: MetricsSample) => number) => last.reduce((n, s) => n + pick(s), 0) / last.length;
    const minute = new Date(Math.floor(Date.parse(last[last.length - 1]?.timestamp ?? '') / 60_000) * 60_000);
    await repo.saveMinute(deps.db, {
      instanceId,
      minute,
      cpuUsage: mean((s) => s.cpu_usage),
      memoryUsage: mean((s) => s.memory_usage),
      p95: Math.max(...last.map((s) => s.p95)),
      errorRate: mean((s) => s.error_rate),
    });
  }

  /** One measurement at `at` (now by default): history, heartbeat, alerts, listeners. */
  async function tick(at = Date.now()): Promise<MetricsSample> {
    const sample = await measure(at);
    history.push(sample);
    if (history.length > HISTORY_LENGTH) history.shift();
    prometheus.update(sample);
    await repo.heartbeat(deps.db, {
      id: instanceId,
      hostname: hostname(),
      pid: process.pid,
      startedAt,
      latest: sample,
    });
    await evaluateAlerts(sample);
    if (++ticks % SAMPLES_PER_MINUTE === 0) await persistMinute();
    for (const listener of sampleListeners) listener(sample);
    return sample;
  }

  function serialTick(at?: number): Promise<MetricsSample> {
    const run = (ticking ?? Promise.resolve()).catch(() => undefined).then(() => tick(at));
    ticking = run;
    return run;
  }

  async function instances() {
    const now = Date.now();
    const rows = await repo.listInstances(deps.db);
    return rows.map((r) => ({
      id: r.id,
      hostname: r.hostname,
      pid: r.pid,
      started_at: r.startedAt.toISOString(),
      last_seen_at: r.lastSeenAt.toISOString(),
      stale: now - r.lastSeenAt.getTime() > INSTANCE_STALE_MS,
      latest: (r.latest as MetricsSample | null) ?? null,
    }));
  }

  /** This instance's latest sample, measuring once if none has been taken yet. */
  async function current(): Promise<MetricsSample> {
    return history[history.length - 1] ?? (await serialTick());
  }

  async function detailedHealth(): Promise<DetailedHealth> {
    const own = await current();
    const cluster = await instances();
    const live = cluster.filter((i) => !i.stale && i.latest).map((i) => i.latest as MetricsSample);
    const samples = live.some((s) => s.instance_id === own.instance_id) ? live : [...live, own];
    const worst = (pick: (s: MetricsSample) => number) => Math.max(...samples.map(pick));
    const sum = (pick: (s: MetricsSample) => number) => samples.reduce((n, s) => n + pick(s), 0);
    const measured = {
      cpu_usage: worst((s) => s.cpu_usage),
      memory_usage: worst((s) => s.memory_usage),
      disk_usage: worst((s) => s.disk_usage),
      error_rate: worst((s) => s.error_rate),
    };
    const verdict = systemHealth(measured);
    const stale = cluster.filter((i) => i.stale && Date.now() - Date.parse(i.last_seen_at) < 3600_000);
    return {
      ...verdict,
      issues: [...verdict.issues, ...stale.map((i) => `Instance ${i.id} stopped reporting`)],
      ...measured,
      network_latency: own.network_latency,
      response_time: worst((s) => s.p95),
      active_http_connections: sum((s) => s.active_http_connections),
      active_socket_connections: sum((s) => s.active_socket_connections),
      active_connections: sum((s) => s.active_http_connections + s.active_socket_connections),
      requests_per_minute: sum((s) => s.requests_per_minute),
      event_loop_delay_ms: worst((s) => s.event_loop_delay_ms),
      uptime: own.uptime,
      timestamp: own.timestamp,
      instances: cluster,
    };
  }

  /** The last hour for charts: per-minute summaries (any instance, surviving restarts) before this instance's own 5 s samples. */
  async function lastHour() {
    const ownFrom = history[0] ? Date.parse(history[0].timestamp) : Date.now();
    const stored = await repo.minutesSince(deps.db, new Date(Date.now() - 3600_000), new Date(ownFrom));
    return [
      ...stored.map((m) => ({
        timestamp: m.minute.toISOString(),
        cpu_usage: round2(m.cpuUsage),
        memory_usage: round2(m.memoryUsage),
        p95: round2(m.p95),
        error_rate: m.errorRate,
      })),
      ...history.map((h) => ({
        timestamp: h.timestamp,
        cpu_usage: h.cpu_usage,
        memory_usage: h.memory_usage,
        p95: h.p95,
        error_rate: h.error_rate,
      })),
    ];
  }

  app.addHook('onListen', async () => {
    if (timer) return;
    timer = setInterval(() => {
      serialTick().catch((err) => app.log.warn({ err }, 'metrics sample failed'));
    }, METRICS_SAMPLE_MS);
    timer.unref();
    void serialTick().catch((err) => app.log.warn({ err }, 'metrics sample failed'));
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    system.stop();
    await ticking?.catch(() => undefined);
  });

  return {
    instanceId,
    tick: serialTick,
    current,
    detailedHealth,
    instances,
    lastHour,
    prometheus,
    setSocketCount(read: () => number) {
      socketCount = read;
    },
    onSample(listener: Listener<MetricsSample>) {
      sampleListeners.add(listener);
      return () => sampleListeners.delete(listener);
    },
    onAlert(listener: Listener<AlertEvent>) {
      alertListeners.add(listener);
      return () => alertListeners.delete(listener);
    },
    listAlerts: async (options: { activeOnly: boolean; limit: number }) =>
      (await repo.listAlerts(deps.db, options)).map(toAlert),
  };
}

export type Monitoring = ReturnType<typeof createMonitoring>;

function toAlert(row: Awaited<ReturnType<typeof repo.listAlerts>>[number]): Alert {
  return {
    id: row.id,
    instance_id: row.instanceId,
    rule: row.rule,
    severity: row.severity,
    message: row.message,
    timestamp: row.raisedAt.toISOString(),
    cleared_at: row.clearedAt?.toISOString() ?? null,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's measurements; the realtime server pushes them to admins. */
    monitoring: Monitoring;
  }
}
