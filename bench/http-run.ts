// One measured HTTP run: an unmeasured warm-up at full concurrency, then autocannon for the run's length,
// with the server process's CPU time read from /proc around the measured part.
import autocannon from 'autocannon';
import { BROWSER_ACCEPT_ENCODING } from './browser-headers.ts';
import { WARM_UP_SECONDS } from './direct-sql.ts';
import { cpuDuring } from './process-cpu.ts';

export interface HttpRun {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
}

export interface HttpRunResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** Responses received in the measured part. */
  requests: number;
  /** The server process's CPU time (all its threads) over the measured part, per response; null without one. */
  cpuUsPerRequest: number | null;
  cpuSource: 'schedstat' | 'stat';
}

/** `serverPid`: the process answering `url`, whose CPU is read. */
export async function measureHttp(run: HttpRun, serverPid: number): Promise<HttpRunResult> {
  const options = {
    url: run.url,
    method: run.method ?? 'GET',
    headers: { ...BROWSER_ACCEPT_ENCODING, ...run.headers },
    body: run.body,
    connections: run.connections,
  };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const { value: result, cpu } = await cpuDuring(serverPid, () =>
    autocannon({ ...options, duration: run.seconds }),
  );
  const requests = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests,
    cpuUsPerRequest: requests ? Math.round(cpu.ns / requests / 1000) : null,
    cpuSource: cpu.source,
  };
}

/** "cpu 123 µs/req", the column every HTTP line ends with (≈: counted in clock ticks, to 10 ms a run). */
export const cpuColumn = (r: Pick<HttpRunResult, 'cpuUsPerRequest' | 'cpuSource'>) =>
  r.cpuUsPerRequest === null
    ? 'cpu n/a'
    : `cpu ${r.cpuSource === 'stat' ? '≈' : ''}${r.cpuUsPerRequest} µs/req`;

/** The start of every HTTP line of the report: name, throughput, latency and CPU per request. */
export const httpLine = (name: string, r: HttpRunResult) =>
  `${name.padEnd(34)} ${String(Math.round(r.requestsPerSecond)).padStart(6)} req/s  ` +
  `p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  ${cpuColumn(r)}`;
