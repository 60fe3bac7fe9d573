import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** Thresholds above which a measurement counts as an issue of system health. */
export const HEALTH_THRESHOLDS = { cpu: 80, memory: 85, disk: 90, errorRate: 0.05 } as const;
export const HealthStatus = z.enum(['healthy', 'warning', 'critical']);
export type HealthStatus = z.infer<typeof HealthStatus>;
export const AlertSeverity = z.enum(['critical', 'high', 'medium', 'low']);

export const RouteLatency = z.object({
  group: z.string(),
  requests: z.number(),
  p50: z.number(),
  p95: z.number(),
  p99: z.number(),
  error_rate: z.number(),
});

/** One measurement of one server instance. Percentages 0–100; times in ms; error_rate 0–1. */
export const MetricsSample = z.object({
  instance_id: z.string(),
  timestamp: z.string(),
  cpu_usage: z.number(),
  process_cpu: z.number(),
  memory_usage: z.number(),
  process_memory_mb: z.number(),
  disk_usage: z.number(),
  event_loop_delay_ms: z.number(),
  response_time: z.number(),
  p50: z.number(),
  p95: z.number(),
  p99: z.number(),
  error_rate: z.number(),
  requests_per_minute: z.number(),
  active_http_connections: z.number(),
  active_socket_connections: z.number(),
  network_latency: z.number(),
  uptime: z.number(),
  routes: z.array(RouteLatency),
});
export type MetricsSample = z.infer<typeof MetricsSample>;

export const InstanceRow = z.object({
  id: z.string(),
  hostname: z.string(),
  pid: z.number(),
  started_at: z.string(),
  last_seen_at: z.string(),
  stale: z.boolean(),
  latest: MetricsSample.nullable(),
});
export type InstanceRow = z.infer<typeof InstanceRow>;

export const Alert = z.object({
  id: z.number(),
  instance_id: z.string(),
  rule: z.string(),
  severity: AlertSeverity,
  message: z.string(),
  timestamp: z.string(),
  cleared_at: z.string().nullable(),
});
export type Alert = z.infer<typeof Alert>;
/** Pushed over socket.io when an alert is raised or cleared. */
export const AlertEvent = Alert.extend({ state: z.enum(['raised', 'cleared']) });
export type AlertEvent = z.infer<typeof AlertEvent>;

/** The health metrics of the console (one instance, or the cluster's worst values), plus the rule's verdict. */
export const DetailedHealth = z.object({
  status: HealthStatus,
  issues: z.array(z.string()),
  recommendations: z.array(z.string()),
  cpu_usage: z.number(),
  memory_usage: z.number(),
  disk_usage: z.number(),
  network_latency: z.number(),
  error_rate: z.number(),
  response_time: z.number(),
  active_connections: z.number(),
  active_http_connections: z.number(),
  active_socket_connections: z.number(),
  requests_per_minute: z.number(),
  event_loop_delay_ms: z.number(),
  uptime: z.number(),
  timestamp: z.string(),
  instances: z.array(InstanceRow),
});
export type DetailedHealth = z.infer<typeof DetailedHealth>;

export const HistoryPoint = z.object({
  timestamp: z.string(),
  cpu_usage: z.number(),
  memory_usage: z.number(),
  p95: z.number(),
  error_rate: z.number(),
});
export const MetricsResponse = z.object({
  success: z.literal(true),
  data: z.object({ current: MetricsSample, history: z.array(HistoryPoint), instances: z.array(InstanceRow) }),
});
export const HealthResponse = z.object({ success: z.literal(true), data: DetailedHealth });

export const MonitorData = z.object({
  activeConnections: z.number(),
  activeCalls: z.number(),
  ringingCalls: z.number(),
  onlineUsers: z.number(),
  callQuality: z.object({ averageQuality: z.number() }),
  systemMetrics: z.object({
    cpuUsage: z.number(),
    memoryUsage: z.number(),
    diskUsage: z.number(),
    networkLatency: z.number(),
  }),
  timestamp: z.string(),
});
export type MonitorData = z.infer<typeof MonitorData>;
export const MonitorMetricsResponse = z.object({ success: z.literal(true), data: MonitorData });
export const SystemStatusResponse = z.object({
  success: z.literal(true),
  data: z.object({
    status: z.enum(['healthy', 'warning', 'error']),
    uptime: z.number(),
    instances: z.array(InstanceRow),
  }),
});
export const AlertsQuery = z.object({
  active: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const AlertsResponse = z.object({
  success: z.literal(true),
  data: z.object({ alerts: z.array(Alert) }),
});

const admin = {
  tag: 'monitoring',
  access: 'admin' as const,
  permission: 'monitoring:read' as const,
  method: 'GET' as const,
};
export const monitoringEndpoints = {
  healthDetailed: endpoint({ ...admin, path: '/health/detailed', response: HealthResponse }),
  metrics: endpoint({ ...admin, path: '/metrics', response: MetricsResponse }),
  monitoringMetrics: endpoint({ ...admin, path: '/monitoring/metrics', response: MonitorMetricsResponse }),
  monitoringStatus: endpoint({ ...admin, path: '/monitoring/status', response: SystemStatusResponse }),
  monitoringAlerts: endpoint({
    ...admin,
    path: '/monitoring/alerts',
    query: AlertsQuery,
    response: AlertsResponse,
  }),
  performanceMetrics: endpoint({ ...admin, path: '/performance/metrics', response: MetricsResponse }),
  performanceHealth: endpoint({ ...admin, path: '/performance/health', response: HealthResponse }),
  performanceAlerts: endpoint({
    ...admin,
    path: '/performance/alerts',
    query: AlertsQuery,
    response: AlertsResponse,
  }),
};

/** How often each instance measures itself and pushes `metrics` to admins. */
export const METRICS_SAMPLE_MS = 5000;
/** An instance whose heartbeat is older than this is flagged as stale. */
export const INSTANCE_STALE_MS = 30_000;

/** How far back the Real-time Monitor's live charts reach. */
export const LIVE_SERIES_MINUTES = 15;

/** One moment of the living system, taken every few seconds by each instance and pushed to the console. */
export const LivePoint = z.object({
  at: z.string(),
  online_users: z.number().int(),
  /** Connected calls; ringing ones are counted apart. */
  active_calls: z.number().int(),
  ringing_calls: z.number().int(),
  /** Calls placed in the minute before `at`. */
  call_attempts_per_minute: z.number().int(),
  /** Share (0 to 1) of the calls placed in the 5 minutes before `at` that carry a quality flag. */
  poor_call_share: z.number(),
});
export type LivePoint = z.infer<typeof LivePoint>;
