import type { AdminStats } from '@switchboard/contract/dashboard';
import type { DetailedHealth, MetricsSample } from '@switchboard/contract/monitoring';

export const HEALTH: DetailedHealth = {
  status: 'warning',
  issues: ['High CPU usage (91.0%)'],
  recommendations: ['Find the busy process or add a server instance behind the load balancer'],
  cpu_usage: 91,
  memory_usage: 72.5,
  disk_usage: 40,
  network_latency: 120,
  error_rate: 0.01,
  response_time: 33.3,
  active_connections: 7,
  active_http_connections: 4,
  active_socket_connections: 3,
  requests_per_minute: 120,
  event_loop_delay_ms: 12,
  uptime: 93_784,
  timestamp: '2026-11-23T10:00:00.000Z',
  instances: [],
};

/** One instance's measurement, matching HEALTH. */
export const METRICS_SAMPLE: MetricsSample = {
  instance_id: 'host-1:100',
  timestamp: HEALTH.timestamp,
  cpu_usage: HEALTH.cpu_usage,
  process_cpu: 12,
  memory_usage: HEALTH.memory_usage,
  process_memory_mb: 180,
  disk_usage: HEALTH.disk_usage,
  event_loop_delay_ms: HEALTH.event_loop_delay_ms,
  response_time: HEALTH.response_time,
  p50: 20,
  p95: 80,
  p99: 150,
  error_rate: HEALTH.error_rate,
  requests_per_minute: HEALTH.requests_per_minute,
  active_http_connections: HEALTH.active_http_connections,
  active_socket_connections: HEALTH.active_socket_connections,
  network_latency: HEALTH.network_latency,
  uptime: HEALTH.uptime,
  routes: [],
};

export const ADMIN_STATS: AdminStats = {
  total_messages: 0,
  total_calls: 1234,
  last_updated: HEALTH.timestamp,
  active_connections: HEALTH.active_connections,
  call_quality: { average_quality: 4.2, poor_quality_calls: 1, connection_issues: 0 },
  alerts: 0,
};
