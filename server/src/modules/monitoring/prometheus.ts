import type { MetricsSample } from '@switchboard/contract/monitoring';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { RedisLink } from '../../app-deps.ts';
import { unhandledRejections } from '../../process-faults.ts';
import { droppedSystemLogLines } from '../system-logs/system-log-stream.ts';

/** A counter whose value is read from elsewhere when Prometheus scrapes. */
function readCounter(register: Registry, name: string, help: string, read: () => number) {
  return new Counter({
    name,
    help,
    registers: [register],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/** Prometheus text at /metrics for operators' own Grafana: Node's default metrics plus the console's. */
export function createPrometheus(databaseConnectionErrors: () => number = () => 0) {
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'switchboard_' });
  register.registerMetric(droppedSystemLogLines);
  const duration = new Histogram({
    name: 'switchboard_http_request_duration_seconds',
    help: 'HTTP response time by route group and status class',
    labelNames: ['group', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [register] });
  // Base units, as Prometheus names them: shares of 1 (not percent) and seconds (not ms).
  const cpu = gauge('switchboard_system_cpu_ratio', 'System CPU usage, 0 to 1');
  const memory = gauge('switchboard_system_memory_ratio', 'System memory usage, 0 to 1');
  const disk = gauge('switchboard_data_disk_ratio', "Usage of the data directory's file system, 0 to 1");
  // Both series exist from the start (0 until realtime reports), so a dashboard or an alert never sees a gap.
  let socketsByNamespace: () => Record<string, number> = () => ({ console: 0, app: 0 });
  new Gauge({
    name: 'switchboard_socket_connections',
    help: "Open socket.io connections on this instance, per namespace: console (the admins') and app (the calling apps')",
    labelNames: ['namespace'] as const,
    registers: [register],
    collect() {
      for (const [namespace, count] of Object.entries(socketsByNamespace())) this.set({ namespace }, count);
    },
  });
  // Cluster-wide, from the same counter as the dashboard's and the Monitor's Online Users: app users with
  // a live connection (a user with two sockets counts once; the socket gauge above counts sockets).
  let onlineUsers: () => Promise<number> = async () => 0;
  new Gauge({
    name: 'switchboard_online_users',
    help: 'App users with a live connection, across all instances (the Online Users of the dashboard and the Monitor); NaN while the database does not answer',
    registers: [register],
    async collect() {
      this.set(await onlineUsers().catch(() => Number.NaN));
    },
  });
  const databaseUp = gauge(
    'switchboard_database_up',
    'Whether the database answered the last round-trip check (1) or not (0)',
  );
  const dbLatency = gauge(
    'switchboard_database_round_trip_seconds',
    'Database round-trip time of the last check, seconds (NaN while the database does not answer)',
  );
  readCounter(
    register,
    'switchboard_unhandled_rejections_total',
    'Promise rejections nothing handled (logged; the server kept running)',
    unhandledRejections,
  );
  readCounter(
    register,
    'switchboard_database_connection_errors_total',
    'PostgreSQL connections lost (restarts, cuts, terminated backends)',
    databaseConnectionErrors,
  );
  return {
    register,
    observeRequest(group: string, status: number, ms: number) {
      duration.observe({ group, status: `${Math.floor(status / 100)}xx` }, ms / 1000);
    },
    update(sample: MetricsSample) {
      cpu.set(sample.cpu_usage / 100);
      memory.set(sample.memory_usage / 100);
      disk.set(sample.disk_usage / 100);
      // The sample's round trip is in ms, and -1 when the database did not answer.
      const answered = sample.network_latency >= 0;
      databaseUp.set(answered ? 1 : 0);
      dbLatency.set(answered ? sample.network_latency / 1000 : Number.NaN);
    },
    /** Read at each scrape: the open sockets per namespace (the realtime server hands it over). */
    watchSockets(read: () => Record<string, number>) {
      socketsByNamespace = read;
    },
    /** Read at each scrape: the online users (the monitoring service hands over the live counter). */
    watchOnlineUsers(read: () => Promise<number>) {
      onlineUsers = read;
    },
    /** The Redis metrics, present only with REDIS_URL. */
    watchRedis(link: RedisLink) {
      new Gauge({
        name: 'switchboard_redis_up',
        help: 'Whether the Redis connection that carries socket.io events between instances is up (1) or down (0)',
        registers: [register],
        collect() {
          this.set(link.up() ? 1 : 0);
        },
      });
      readCounter(register, 'switchboard_redis_errors_total', 'Redis connection errors', link.errors);
      readCounter(
        register,
        'switchboard_redis_dropped_messages_total',
        'socket.io events for other instances not delivered because Redis was down',
        link.dropped,
      );
    },
  };
}
