// Check that live monitoring sees load: under autocannon, the server's CPU and p95 response time as the
// monitoring API reports them (what the Performance and Real-time Monitor screens show) rise within one
// refresh of the Performance screen. `BENCH_ONLY=monitor npm run bench`.
import type { MetricsSample } from '@switchboard/contract/monitoring';
import autocannon from 'autocannon';
import { BROWSER_ACCEPT_ENCODING } from './browser-headers.ts';

/** The Performance screen's polling interval: the rise must show within one. */
const ONE_REFRESH_MS = 10_000;
const LOAD_PATH = '/api/v1/admin/public/users?search=son';

export interface MonitorLoadResult {
  name: string;
  before: { processCpu: number; systemCpu: number; p95Ms: number };
  /** The last sample taken under load. */
  loaded: { processCpu: number; systemCpu: number; p95Ms: number };
  /** ms from the start of the load until both the process CPU and p95 had risen; null if they did not. */
  risenAfterMs: number | null;
  ok: boolean;
}

export async function runMonitorUnderLoad(baseUrl: string, token: string): Promise<MonitorLoadResult> {
  const headers = { ...BROWSER_ACCEPT_ENCODING, authorization: `Bearer ${token}` };
  const sample = async (): Promise<MetricsSample> => {
    const res = await fetch(`${baseUrl}/api/v1/performance/metrics`, { headers });
    return ((await res.json()) as { data: { current: MetricsSample } }).data.current;
  };
  // Run before the HTTP scenarios, so the minute window holds only start-up requests; the first sample
  // after start-up is skipped, since its CPU share covers migrations and seeding.
  const first = await sample();
  let before = first;
  while (before.timestamp === first.timestamp) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    before = await sample();
  }
  const started = Date.now();
  const load = autocannon({
    url: `${baseUrl}${LOAD_PATH}`,
    headers,
    connections: 20,
    duration: Math.ceil((ONE_REFRESH_MS * 1.5) / 1000),
  });
  let loaded = before;
  let risenAfterMs: number | null = null;
  while (Date.now() - started < ONE_REFRESH_MS * 1.5) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await sample();
    if (now.timestamp === loaded.timestamp) continue;
    loaded = now;
    if (risenAfterMs === null && now.process_cpu > before.process_cpu && now.p95 > before.p95) {
      risenAfterMs = Date.now() - started;
    }
  }
  await load;
  const view = (s: MetricsSample) => ({ processCpu: s.process_cpu, systemCpu: s.cpu_usage, p95Ms: s.p95 });
  return {
    name: 'monitoring sees load',
    before: view(before),
    loaded: view(loaded),
    risenAfterMs,
    ok: risenAfterMs !== null && risenAfterMs <= ONE_REFRESH_MS,
  };
}

export function printMonitorLoad(r: MonitorLoadResult): void {
  const f = (v: MonitorLoadResult['before']) =>
    `process CPU ${v.processCpu}%, system CPU ${v.systemCpu}%, p95 ${v.p95Ms} ms`;
  console.log(
    `${r.name.padEnd(34)} before: ${f(r.before)}  under load: ${f(r.loaded)}  ` +
      `risen after ${r.risenAfterMs ?? '—'} ms (within one ${ONE_REFRESH_MS / 1000} s refresh: ${r.ok ? 'ok' : 'MISSED'})`,
  );
}
