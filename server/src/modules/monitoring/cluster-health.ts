import {
  type DetailedHealth,
  INSTANCE_STALE_MS,
  type InstanceRow,
  type MetricsSample,
} from '@switchboard/contract/monitoring';
import type { Executor } from '../../db/client.ts';
import { systemHealth } from './health-rule.ts';
import * as repo from './monitoring.repository.ts';

/** Every instance that has reported, flagged stale once it has been silent too long. */
export async function listInstances(db: Executor): Promise<InstanceRow[]> {
  const now = Date.now();
  const rows = await repo.listInstances(db);
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

/**
 * The cluster's health: the worst usage of any live instance, connections and requests summed, the
 * system health rule applied to that, and an issue for each instance that stopped reporting in the last hour.
 */
export function clusterHealth(own: MetricsSample, cluster: InstanceRow[]): DetailedHealth {
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
