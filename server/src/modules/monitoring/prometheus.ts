import type { MetricsSample } from '@switchboard/contract/monitoring';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { droppedSystemLogLines } from '../system-logs/system-log-stream.ts';

/** Prometheus text at /metrics for operators' own Grafana: Node's default metrics plus the console's. */
export function createPrometheus() {
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
  const cpu = gauge('switchboard_system_cpu_percent', 'System CPU usage, percent');
  const memory = gauge('switchboard_system_memory_percent', 'System memory usage, percent');
  const disk = gauge('switchboard_data_disk_percent', "Usage of the data directory's file system, percent");
  const sockets = gauge('switchboard_socket_connections', 'Open socket.io connections');
  const dbLatency = gauge('switchboard_database_round_trip_ms', 'Database round-trip time, ms');
  return {
    register,
    observeRequest(group: string, status: number, ms: number) {
      duration.observe({ group, status: `${Math.floor(status / 100)}xx` }, ms / 1000);
    },
    update(sample: MetricsSample) {
      cpu.set(sample.cpu_usage);
      memory.set(sample.memory_usage);
      disk.set(sample.disk_usage);
      sockets.set(sample.active_socket_connections);
      dbLatency.set(sample.network_latency);
    },
  };
}
