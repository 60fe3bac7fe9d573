import type { MetricsSample } from '@switchboard/contract/monitoring';
import { describe, expect, it } from 'vitest';
import { createPrometheus } from './prometheus.ts';

const sample = (over: Partial<MetricsSample>): MetricsSample => ({
  instance_id: 'test',
  timestamp: new Date(0).toISOString(),
  cpu_usage: 0,
  process_cpu: 0,
  memory_usage: 0,
  process_memory_mb: 0,
  disk_usage: 0,
  event_loop_delay_ms: 0,
  response_time: 0,
  p50: 0,
  p95: 0,
  p99: 0,
  error_rate: 0,
  requests_per_minute: 0,
  active_http_connections: 0,
  active_socket_connections: 0,
  network_latency: 0,
  uptime: 0,
  routes: [],
  ...over,
});

/** The value of an unlabelled metric in Prometheus text. */
const value = (text: string, name: string) => text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1];

describe.skipIf(process.env.SWITCHBOARD_TEST_DB === 'postgres')('Prometheus metrics in base units', () => {
  it('exports shares as 0–1 ratios and the database round trip in seconds', async () => {
    const prometheus = createPrometheus();
    prometheus.update(sample({ cpu_usage: 42, memory_usage: 55.5, disk_usage: 80, network_latency: 3.5 }));
    const text = await prometheus.register.metrics();
    expect(value(text, 'switchboard_system_cpu_ratio')).toBe('0.42');
    expect(value(text, 'switchboard_system_memory_ratio')).toBe('0.555');
    expect(value(text, 'switchboard_data_disk_ratio')).toBe('0.8');
    expect(value(text, 'switchboard_database_round_trip_seconds')).toBe('0.0035');
    expect(value(text, 'switchboard_database_up')).toBe('1');
    // No metric keeps a percent or millisecond name.
    expect(text).not.toMatch(/switchboard_\w+_(percent|ms)\b/);
  });

  it('says the database is down, with no round trip, when the check got no answer', async () => {
    const prometheus = createPrometheus();
    prometheus.update(sample({ network_latency: 2 }));
    prometheus.update(sample({ network_latency: -1 }));
    const text = await prometheus.register.metrics();
    expect(value(text, 'switchboard_database_up')).toBe('0');
    // prom-client writes NaN as "Nan"; Prometheus reads either.
    expect(value(text, 'switchboard_database_round_trip_seconds')?.toLowerCase()).toBe('nan');
  });
});
