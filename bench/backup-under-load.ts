// `npm run bench:backup`: what a backup costs the server while admins use it. Starts the server on
// BENCH_DATA_DIR (e.g. a `--scale 1m` seed; a fresh demo database when unset) or BENCH_DATABASE_URL, then
// runs the users list's first page under autocannon (10 connections) for as long as a backup takes while
// sampling the server's RSS every 100 ms, and again for as long without a backup. Prints the backup's time
// and size, the RSS before, at peak and the increase, the first page's p99, worst latency and requests per
// second with and without the backup, and the load average (the machine may be shared).
// The backup file stays in the backup directory, listed like any other. BENCH_SERVER picks the server
// (bench/server-choice.ts): another build's bundle gives the before of a before-and-after.
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { Backup } from '@switchboard/contract/database';
import autocannon from 'autocannon';
import { apiToken } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { settingsForBench } from './bench-settings.ts';
import { chooseServer } from './server-choice.ts';

const FIRST_PAGE = '/api/v1/admin/public/users?page=1&limit=10';
const CONNECTIONS = 10;
const SAMPLE_MS = 100;

type Load = Promise<autocannon.Result> & { stop(): void };
type LoadFigures = { p99Ms: number; maxMs: number; reqPerS: number; slowestSecond: number; non2xx: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function status(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kb ? Number(kb[1]) / 1024 : Number.NaN;
}

/** Samples the process's RSS until stopped; the kernel's own peak (VmHWM, reset first) catches what falls between samples. */
function sampleRss(pid: number) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not ours to reset: the samples alone then.
  }
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(status(pid, 'VmRSS')), SAMPLE_MS);
  return {
    stop: () => {
      clearInterval(timer);
      return { peakMb: Math.max(...samples, status(pid, 'VmHWM')), samples: samples.length };
    },
  };
}

/** POST with no time limit (fetch gives up on a response that takes over 300 s to start). */
function post(url: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { authorization: `Bearer ${token}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function firstPageLoad(url: string, token: string): Load {
  return autocannon({
    url: `${url}${FIRST_PAGE}`,
    headers: { authorization: `Bearer ${token}` },
    connections: CONNECTIONS,
    duration: 3600,
  }) as Load;
}

function figures(result: autocannon.Result): LoadFigures {
  return {
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    reqPerS: Math.round(result.requests.average),
    slowestSecond: result.requests.min,
    non2xx: result.non2xx,
  };
}

const serverChoice = await chooseServer();
console.log(`server: ${serverChoice.label}`);
const server = await startServer({
  compiled: serverChoice.compiled,
  bundle: serverChoice.otherBuild,
  demo: !process.env.BENCH_DATA_DIR && !process.env.BENCH_DATABASE_URL,
  ...(process.env.BENCH_DATA_DIR ? { dataDir: process.env.BENCH_DATA_DIR } : {}),
  ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
});
try {
  const token = await apiToken(server.url);
  const restoreSettings = await settingsForBench(server.url, token);
  try {
    // Warm: the first requests after a start pay for cold caches.
    const warm = firstPageLoad(server.url, token);
    await sleep(3000);
    warm.stop();
    await warm;
    await sleep(1000);

    const loadBefore = loadAverage();
    const rssBeforeMb = status(server.pid, 'VmRSS');
    const rss = sampleRss(server.pid);
    const during = firstPageLoad(server.url, token);
    const started = performance.now();
    const res = await post(`${server.url}/api/v1/database/backup`, token);
    const backupS = (performance.now() - started) / 1000;
    during.stop();
    const { peakMb, samples } = rss.stop();
    const loadAfter = loadAverage();
    if (res.status !== 201) throw new Error(`the backup answered ${res.status}: ${res.body}`);
    const backup = (JSON.parse(res.body) as { data: Backup }).data;
    const withBackup = figures(await during);

    await sleep(2000);
    // The same load without a backup, its RSS too: PGlite's buffers fill under load with or without one.
    const rssBeforeWithoutMb = status(server.pid, 'VmRSS');
    const rssWithout = sampleRss(server.pid);
    const without = firstPageLoad(server.url, token);
    await sleep(backupS * 1000);
    without.stop();
    const peakWithoutMb = rssWithout.stop().peakMb;
    const withoutBackup = figures(await without);

    const row = (name: string, f: LoadFigures) =>
      `  ${name.padEnd(16)} p99 ${f.p99Ms} ms, max ${f.maxMs} ms, ${f.reqPerS} req/s (slowest second ${f.slowestSecond}), non-2xx ${f.non2xx}`;
    console.log(
      `backup ${backup.filename}: ${backupS.toFixed(1)} s, ${((backup.size_bytes ?? 0) / 2 ** 20).toFixed(0)} MiB`,
    );
    console.log(
      `server RSS with the backup: before ${rssBeforeMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB, increase ${(peakMb - rssBeforeMb).toFixed(0)} MB (${samples} samples)`,
    );
    console.log(
      `server RSS without:        before ${rssBeforeWithoutMb.toFixed(0)} MB, peak ${peakWithoutMb.toFixed(0)} MB, increase ${(peakWithoutMb - rssBeforeWithoutMb).toFixed(0)} MB`,
    );
    console.log(`users first page (${CONNECTIONS} connections, ${backupS.toFixed(1)} s each):`);
    console.log(row('during backup', withBackup));
    console.log(row('without backup', withoutBackup));
    console.log(
      `load average: ${loadBefore} before the backup, ${loadAfter} after it, ${loadAverage()} at the end`,
    );
  } finally {
    await restoreSettings();
  }
} finally {
  await server.stop();
}
