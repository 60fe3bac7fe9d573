// `node --import tsx bench/cpu-per-request.ts <pid>@<url> [<pid>@<url> ...]`: the CPU running servers
// spend per request (µs, summed over each server's threads from /proc/<pid>/task/*/schedstat), the
// figure to trust on a busy machine where wall time and requests per second swing with the
// neighbours' load. Several servers (variants of the code, side by side on one database) are measured
// in turns of BENCH_SECONDS (default 2) over BENCH_ROUNDS (default 10) rounds, so a change in the
// machine's load falls on all of them alike; the median of the rounds, and of each round's ratio to the
// first server's, are the figures to compare (run one variant twice to see the noise).
// Each server must have the demo admin; its rate limits are lifted and left lifted (a bench database).
// BENCH_PATH defaults to the users first page as bench/scenarios.ts requests it. BENCH_ACCEPT_ENCODING
// (default none) is sent as Accept-Encoding, or each server's own after a second @ (`<pid>@<url>@br`).
// BENCH_RATE caps each turn's requests per second (CPU per request falls as the rate rises, so compare
// variants at the same load).
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { apiToken } from '../e2e/support/api.ts';
import { settingsForBench } from './bench-settings.ts';
import { median } from './median.ts';
import { scenarios } from './scenarios.ts';

const servers = process.argv.slice(2).map((arg) => {
  const [pid, url, ownEncoding] = arg.split('@');
  if (!Number.isInteger(Number(pid)) || !url) throw new Error('usage: cpu-per-request.ts <pid>@<url> ...');
  const encoding = ownEncoding ?? process.env.BENCH_ACCEPT_ENCODING;
  return {
    pid: Number(pid),
    url,
    encoding,
    spentNs: [] as number[],
    answered: [] as number[],
    bytes: 0,
    failed: 0,
  };
});
if (servers.length === 0) throw new Error('usage: cpu-per-request.ts <pid>@<url> ...');
const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const rate = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const path = process.env.BENCH_PATH ?? scenarios.find((s) => s.name === 'users: first page')?.path;
if (!path) throw new Error('no path: the users first page scenario is gone from bench/scenarios.ts');

/** Nanoseconds the process has run on a CPU, all threads (first field of each thread's schedstat). */
function cpuNs(pid: number): number {
  let sum = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      sum += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return sum;
}

const runs = await Promise.all(
  servers.map(async (server) => {
    const token = await apiToken(server.url);
    await settingsForBench(server.url, token);
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (server.encoding) headers['accept-encoding'] = server.encoding;
    return (duration: number) =>
      autocannon({
        url: `${server.url}${path}`,
        connections: 10,
        duration,
        headers,
        ...(rate ? { overallRate: rate } : {}),
      });
  }),
);
// Warm-up: the JIT settles and every pool connection has prepared its statements.
for (const run of runs) await run(5);
for (let round = 0; round < rounds; round++) {
  for (const [i, server] of servers.entries()) {
    const before = cpuNs(server.pid);
    const result = await (runs[i] as (duration: number) => ReturnType<typeof autocannon>)(seconds);
    server.spentNs.push(cpuNs(server.pid) - before);
    server.answered.push(result.requests.total);
    server.bytes += result.throughput.total;
    server.failed += result.non2xx + result.errors;
  }
}
console.log(`${path}${rate ? ` at ${rate}/s` : ''}`);
const perRoundOf = (server: (typeof servers)[number]) =>
  server.spentNs.map((ns, i) => ns / 1000 / (server.answered[i] as number));
const first = perRoundOf(servers[0] as (typeof servers)[number]);
for (const [s, server] of servers.entries()) {
  const perRound = perRoundOf(server);
  // Against the first server turn by turn: neighbouring turns share the machine's load.
  const ratio =
    s === 0 ? '' : `, ${median(perRound.map((v, i) => v / (first[i] as number))).toFixed(3)}× the first`;
  const answered = server.answered.reduce((a, b) => a + b, 0);
  console.log(
    `  ${server.url} (pid ${server.pid}, accept-encoding: ${server.encoding ?? 'none'}): median ${median(perRound).toFixed(1)} µs CPU/request ` +
      `(rounds ${Math.min(...perRound).toFixed(0)}–${Math.max(...perRound).toFixed(0)}), ${answered} requests, ` +
      `${Math.round(server.bytes / answered)} B/answer with headers${server.failed ? `, ${server.failed} failed` : ''}${ratio}`,
  );
}
