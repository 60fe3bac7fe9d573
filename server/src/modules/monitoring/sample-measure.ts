import type { MetricsSample } from '@switchboard/contract/monitoring';
import type { DatabaseHandle } from '../../db/client.ts';
import type { HttpStats } from './http-stats.ts';
import type { SystemSampler } from './system-sampler.ts';

export const round2 = (n: number) => Math.round(n * 100) / 100;
/** A share (0..1) kept to six decimals, so small error rates still show. */
const share = (n: number) => round2(n * 10_000) / 10_000;

export interface SampleSources {
  instanceId: string;
  database: Pick<DatabaseHandle, 'ping'>;
  system: SystemSampler;
  http: HttpStats;
  openHttpConnections(): number;
  socketCount(): number;
}

/** Database round trip in ms, or -1 when the database does not answer. */
async function databaseRoundTrip(database: Pick<DatabaseHandle, 'ping'>): Promise<number> {
  const started = performance.now();
  try {
    await database.ping();
    return round2(performance.now() - started);
  } catch {
    return -1;
  }
}

/** One reading of this instance at `at`: system, HTTP window, connections and database latency. */
export async function measureSample(sources: SampleSources, at: number): Promise<MetricsSample> {
  const [reading, latency] = await Promise.all([sources.system.read(), databaseRoundTrip(sources.database)]);
  const { all, groups } = sources.http.summarise(at);
  return {
    instance_id: sources.instanceId,
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
    error_rate: share(all.errorRate),
    requests_per_minute: all.requests,
    active_http_connections: sources.openHttpConnections(),
    active_socket_connections: sources.socketCount(),
    network_latency: latency,
    uptime: Math.round(process.uptime()),
    routes: [...groups].map(([group, s]) => ({
      group,
      requests: s.requests,
      p50: round2(s.p50),
      p95: round2(s.p95),
      p99: round2(s.p99),
      error_rate: share(s.errorRate),
    })),
  };
}
