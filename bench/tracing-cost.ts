// `npm run bench:tracing`: what OpenTelemetry tracing costs a request, on the users first page (the
// `users: first page` scenario of scenarios.ts), with the compiled server (`npm start`) on one demo
// database, one variant at a time, alternating over rounds:
// - unset: OTEL_EXPORTER_OTLP_ENDPOINT unset, what every other figure of the bench measures;
// - sink: traced, exporting to a stand-in collector on 127.0.0.1 in this process (OTLP/HTTP posts,
//   answered and dropped);
// - untraced: with BENCH_TRACING_BASELINE=<git ref>, the server as that commit compiles it (a commit
//   before tracing existed), to show that "unset" costs what no tracing at all costs.
// BENCH_SECONDS (default 5) per measurement, BENCH_TRACING_ROUNDS (default 2) rounds.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { apiToken } from '../e2e/support/api.ts';
import { buildServer, SERVER_BUNDLE } from '../scripts/build-server.mjs';
import { startOtlpSink } from '../server/src/testing/otlp-sink.ts';
import { settingsForBench } from './bench-settings.ts';
import { WARM_UP_SECONDS } from './direct-sql.ts';
import { median } from './median.ts';
import { scenarios } from './scenarios.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_TRACING_ROUNDS ?? 2);
const BASELINE = process.env.BENCH_TRACING_BASELINE;
const PORT = 18_991;
const scenario = scenarios.find((s) => s.name === 'users: first page');
if (!scenario) throw new Error('the users first page scenario is gone from bench/scenarios.ts');

interface Variant {
  name: string;
  bundle: string;
  env: Record<string, string>;
}
interface Measurement {
  variant: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** The server of another commit, compiled as its own build script does, on this checkout's node_modules. */
function baselineBundle(ref: string, into: string): string {
  const archive = execFileSync(
    'git',
    ['archive', '--format=tar', ref, 'scripts', 'server', 'package.json', 'tsconfig.base.json'],
    {
      cwd: ROOT,
      maxBuffer: 1 << 30,
    },
  );
  mkdirSync(into, { recursive: true });
  execFileSync('tar', ['-x', '-C', into], { input: archive });
  // Its packages are this checkout's (the contract too: @switchboard/contract links to ./contract).
  symlinkSync(join(ROOT, 'node_modules'), join(into, 'node_modules'));
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: into, stdio: 'inherit' });
  return join(into, 'server/dist/bundle/main.mjs');
}

async function untilReady(child: ChildProcess, url: string): Promise<void> {
  const startedAt = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - startedAt > 180_000) throw new Error('not ready after 180 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts the variant's server, runs `during` against it, stops it. */
async function withServer<T>(
  variant: Variant,
  dataDir: string,
  during: (url: string) => Promise<T>,
): Promise<T> {
  const child = spawn(process.execPath, [variant.bundle], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DEMO_DATA: 'on',
      DEMO_TRAFFIC: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      ...variant.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const url = `http://127.0.0.1:${PORT}`;
    await untilReady(child, url);
    return await during(url);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

async function measure(url: string, token: string): Promise<Omit<Measurement, 'variant'>> {
  const options = {
    url: `${url}${scenario?.path}`,
    headers: { authorization: `Bearer ${token}` },
    connections: scenario?.connections ?? 10,
  };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options, duration: SECONDS });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const workDir = mkdtempSync(join(tmpdir(), 'bench-tracing-'));
const sink = await startOtlpSink({ keep: false });
try {
  await buildServer();
  const variants: Variant[] = [
    ...(BASELINE
      ? [
          {
            name: `untraced (${BASELINE})`,
            bundle: baselineBundle(BASELINE, join(workDir, 'baseline')),
            env: {},
          },
        ]
      : []),
    { name: 'endpoint unset', bundle: SERVER_BUNDLE, env: {} },
    { name: 'traced to a local sink', bundle: SERVER_BUNDLE, env: { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url } },
  ];
  const dataDir = join(workDir, 'data');
  // The first start seeds the demo data; the rate limits are lifted once, in the stored settings.
  await withServer(variants[0] as Variant, dataDir, async (url) => {
    await settingsForBench(url, await apiToken(url));
  });
  const measurements: Measurement[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const variant of round % 2 ? [...variants].reverse() : variants) {
      const result = await withServer(variant, dataDir, async (url) => measure(url, await apiToken(url)));
      measurements.push({ variant: variant.name, ...result });
      console.log(
        `${variant.name.padEnd(28)} ${String(Math.round(result.requestsPerSecond)).padStart(6)} req/s  ` +
          `p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms${result.errors ? `  ${result.errors} errors/non-2xx` : ''}`,
      );
    }
  }
  const summary = variants.map(({ name }) => {
    const mine = measurements.filter((m) => m.variant === name);
    return {
      variant: name,
      requestsPerSecond: Math.round(median(mine.map((m) => m.requestsPerSecond))),
      p50Ms: median(mine.map((m) => m.p50Ms)),
      p99Ms: median(mine.map((m) => m.p99Ms)),
    };
  });
  console.log(`\n${scenario.name}, ${SECONDS} s each, median of ${ROUNDS} rounds (compiled server, PGlite):`);
  for (const s of summary) {
    console.log(
      `  ${s.variant.padEnd(28)} ${String(s.requestsPerSecond).padStart(6)} req/s  p50 ${s.p50Ms} ms  p99 ${s.p99Ms} ms`,
    );
  }
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const file = new URL(
    `./results/tracing-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    import.meta.url,
  );
  writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, rounds: ROUNDS, summary, measurements }, null, 2)}\n`,
  );
  console.log(`results: ${file.pathname}`);
} finally {
  await sink.close();
  rmSync(workDir, { recursive: true, force: true });
}
