import { DEMO_ADMIN } from '@switchboard/contract/demo-admin';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.ts';
import type { AppDeps } from './app-deps.ts';
import { assembleAppDeps } from './app-deps-assembly.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { DatabaseTarget } from './db/database-target.ts';
import type { EmbeddedOpening } from './db/embedded-opening.ts';
import { withStartUpLock } from './db/migrate.ts';
import { openMigrating } from './db/open-migrated.ts';
import { seedDemoDataIfEmpty } from './demo/seed-demo-data.ts';
import { authenticateAdmin } from './modules/auth/authenticate.ts';
import { startAppNamespace } from './modules/calling/app-namespace.ts';
import { startCallJobs } from './modules/calls/call-timers-job.ts';
import { startCallVerdicts } from './modules/calls/call-verdicts-job.ts';
import { readLivePoint } from './modules/calls/live-point.ts';
import { startDueNotificationsJob } from './modules/notifications/due-notifications-job.ts';
import { liveSettings } from './modules/settings/live-settings.ts';
import { startLogRetention } from './modules/system-logs/log-retention.ts';
import { createSystemLogStream } from './modules/system-logs/system-log-stream.ts';
import { countRootAdmins } from './modules/users/users.repository.ts';
import { startDeliveryWorker } from './modules/webhooks/delivery-worker.ts';
import { internalAddressesAllowed } from './modules/webhooks/webhooks.service.ts';
import { startRealtime } from './realtime/socket-server.ts';
import type { Tracing } from './tracing/tracing.ts';

/** How long in-flight requests get to finish after SIGTERM before the process closes anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** A second signal within this time is the same stop arriving by another route, not "exit now". */
const REPEAT_SIGNAL_MS = 2000;
/** The demo's light traffic: enough users that calls come and go while an admin watches. */
const DEMO_TRAFFIC_USERS = 50;
const DEMO_TRAFFIC_CALLS_PER_SECOND = 0.2;

/**
 * Everything after the configuration: the database and its migrations, beside building the app → demo
 * seed → listen, and a graceful shutdown on signals. main.ts loads this module while the embedded database opens.
 */
export async function runServer(
  config: Config,
  target: DatabaseTarget,
  opening: EmbeddedOpening | undefined,
  onLogger: (log: FastifyBaseLogger) => void,
): Promise<void> {
  // Only with OTEL_EXPORTER_OTLP_ENDPOINT: without it no OpenTelemetry module is even imported.
  const tracing = config.tracing
    ? await (await import('./tracing/tracing.ts')).startTracing(config.tracing)
    : undefined;
  const { database, migrated } = await openMigrating(target, opening);
  tracing?.traceDatabase(database);
  try {
    await serve(config, database, migrated, onLogger, tracing);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
}

async function serve(
  config: Config,
  database: DatabaseHandle,
  migrated: Promise<void>,
  onLogger: (log: FastifyBaseLogger) => void,
  tracing?: Tracing,
): Promise<void> {
  const deps = assembleAppDeps(config, database);
  // Every log line still goes to stdout; the ones worth keeping are also saved to system_logs in batches.
  // Writing stdout from the event loop is a blocking syscall per line (stdout is synchronous for files
  // and pipes on Linux): it took ~28% of the CPU under list load. sonic-boom writes it off the loop.
  const stdout = pino.destination({ dest: 1, sync: false });
  process.on('exit', () => stdout.flushSync());
  const logStream = createSystemLogStream(database.db, stdout);
  // The embedded database may still be opening: its statements wait for the migrations. The demo
  // data is looked for (and seeded, on an empty database) while the app is built.
  const building = buildApp(deps, {
    logger: { level: config.logLevel, stream: logStream },
    serveWeb: true,
    backupSchedule: true,
    ...(tracing ? { instrument: tracing.instrumentApp } : {}),
  });
  const [app, seededInMs] = await Promise.all([
    building,
    migrated.then(() =>
      config.demoData
        ? seedDemoData(
            database,
            (line) =>
              void building.then(
                (app) => app.log.info(line),
                () => undefined,
              ),
          )
        : undefined,
    ),
  ]);
  onLogger(app.log);
  // Never the endpoint or its headers: either may carry the collector's credentials.
  if (tracing) app.log.info('tracing on');
  if (seededInMs !== undefined) app.log.info({ ms: seededInMs }, 'demo data seeded');
  const stopLogRetention = startLogRetention(database.db, app.log);

  const realtime = await startRealtime(app.server, deps, app.log, {
    authenticate: (token) => authenticateAdmin(deps, token),
    blocks: app.blockedIps,
    monitoring: app.monitoring,
    settings: liveSettings(deps.db),
    livePoint: () => readLivePoint(deps.db),
    namespaces: [
      (io, isBlocked, link) => startAppNamespace(io, deps, app.log, isBlocked, undefined, { link }),
    ],
  });
  deps.userPush.attach(realtime.io);
  const dueNotifications = startDueNotificationsJob(deps.db, { userPush: deps.userPush, log: app.log });
  const callJobs = startCallJobs(deps.db, { userPush: deps.userPush, log: app.log });
  const webhookDelivery = startDeliveryWorker(deps.db, app.log, {
    allowInternal: () => internalAddressesAllowed(deps.db),
  });
  const callVerdicts = startCallVerdicts(deps.db, { log: app.log });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  await announce(deps, `http://${config.host}:${port}`);
  const demoTraffic = config.demoTraffic
    ? await startDemoTraffic(`http://${loopbackOf(config.host)}:${port}`, app.log)
    : null;

  let stoppingAt = 0;
  const shutdown = async (signal: string) => {
    if (stoppingAt) {
      // One stop can reach us twice (systemd signals the whole cgroup, and npm start forwards it
      // too): only Ctrl-C pressed again later means the operator insists. Supervisors escalate
      // with SIGKILL by themselves.
      if (signal !== 'SIGINT' || Date.now() - stoppingAt < REPEAT_SIGNAL_MS) return;
      app.log.warn({ signal }, 'second signal: closing the database and exiting now');
      await database.close().catch(() => undefined);
      process.exit(1);
    }
    stoppingAt = Date.now();
    // Readiness answers `draining` from now: the load balancer sends new connections elsewhere.
    deps.drain.start();
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Named so that a stop that overruns says where it hung.
    let step = 'finishing in-flight requests';
    const deadline = setTimeout(() => {
      app.log.error({ step }, 'shutdown did not finish in time: closing anyway');
      void database.close().finally(() => process.exit(1));
    }, SHUTDOWN_DEADLINE_MS);
    try {
      step = 'ending the demo traffic';
      await demoTraffic?.stop();
      // Fastify closes the connections idle when close starts; one that finishes its request later
      // would stay open as keep-alive until it timed out, so keep closing the newly idle ones.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      // No new connection from now; the in-flight requests finish meanwhile.
      const closing = app.close().finally(() => clearInterval(sweep));
      step = 'handing over the live calls';
      // Open websockets would keep the HTTP server from closing: their calls are handed over, and the
      // sockets (this instance's only) closed so that their clients reconnect elsewhere and re-attach.
      await realtime.drain();
      step = 'finishing in-flight requests';
      await closing;
      step = 'stopping the background jobs';
      await dueNotifications.stop();
      await callJobs.stop();
      await webhookDelivery.stop();
      await callVerdicts.stop();
      step = 'closing the socket server';
      await realtime.close();
      step = 'flushing the log';
      stopLogRetention();
      await logStream.close();
      step = 'sending the last traces';
      await tracing?.shutdown();
      step = 'closing the database';
      await database.close();
      clearTimeout(deadline);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Started by `npm start` (scripts/start.mjs): if that supervisor dies, stop rather than run orphaned.
  if (process.send) process.on('disconnect', () => void shutdown('supervisor exited'));
}

/** Seeds the demo data into an empty database: how long it took, or undefined when there was data already. */
async function seedDemoData(
  database: DatabaseHandle,
  progress: (line: string) => void,
): Promise<number | undefined> {
  const startedAt = Date.now();
  // A line per stage, so a first start (a minute or more on a small machine) shows it is working.
  let shown = '';
  const onProgress = (_done: number, _total: number, stage: string) => {
    if (stage === shown) return;
    shown = stage;
    const seconds = Math.round((Date.now() - startedAt) / 1000);
    progress(`seeding the demo data (first start only): ${stage}, ${seconds} s so far`);
  };
  // Instances starting together on an empty database seed it once.
  const seeded = await withStartUpLock(database, () => seedDemoDataIfEmpty(database.db, { onProgress }));
  return seeded ? Date.now() - startedAt : undefined;
}

/**
 * Light traffic for the demo: the console has calls to watch as soon as someone signs in. The simulator
 * (and its socket.io client) loads here, once the server answers, not with the rest of the server.
 */
async function startDemoTraffic(url: string, log: FastifyBaseLogger) {
  const { startSimulation } = await import('./simulator/simulation.ts');
  const simulation = startSimulation({
    url,
    users: DEMO_TRAFFIC_USERS,
    rate: DEMO_TRAFFIC_CALLS_PER_SECOND,
    seed: 1,
    log: (line) => log.info({ simulator: true }, line),
  });
  log.info(`demo traffic: ${DEMO_TRAFFIC_USERS} simulated app users (DEMO_TRAFFIC=off turns it off)`);
  return simulation;
}

/** The address this process reaches itself on: the bound one, or loopback when bound to all. */
function loopbackOf(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** Tells the operator where the console is and how to get in. */
async function announce(deps: AppDeps, url: string): Promise<void> {
  const lines = [`Switchboard console: ${url}`];
  if (deps.config.demoData) {
    lines.push(`Demo data is on. Sign in as ${DEMO_ADMIN.username} / ${DEMO_ADMIN.password}`);
    if (!isLoopback(deps.config.host)) {
      lines.push(
        `WARNING: the demo root admin's password is public and ${deps.config.host} is reachable from other machines; set DEMO_DATA=off for real use.`,
      );
    }
  } else if ((await countRootAdmins(deps.db)) === 0) {
    lines.push(`No administrator yet: register the root admin at ${url}/admin_root_admin`);
  }
  lines.push(`API docs: ${url}/api/docs`);
  console.log(lines.join('\n'));
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');
