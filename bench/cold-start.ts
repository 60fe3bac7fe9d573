// `npm run bench:start`: the server's cold start, compiled (what `npm start` runs) against tsx (what
// `npm run dev` and the tests run), in the same run on the same demo database (seeded by an untimed first start): time from spawn to
// a 200 from /api/v1/health/ready, and the process's RSS after it has sat idle.
// BENCH_START_ROUNDS (default 5) starts of each, alternating; BENCH_IDLE_MS (default 5000).
// BENCH_START_BASELINE=<another build's server/dist/bundle/main.mjs> adds it as a third mode, `baseline`, for
// a before/after in one run; BENCH_START_MODES (say `compiled,baseline`) picks the modes to time.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUNDLE } from '../scripts/build-server.mjs';
import { median } from './median.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 5);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000);
const PORT = 18_990;

const BASELINE = process.env.BENCH_START_BASELINE;
/** Node flags the baseline's `npm start` used: `--enable-source-maps` for builds before main-compiled.ts. */
const BASELINE_FLAGS = (process.env.BENCH_START_BASELINE_FLAGS ?? '').split(' ').filter(Boolean);
const ALL_MODES: Record<string, string[]> = {
  compiled: [SERVER_BUNDLE],
  tsx: ['--import', 'tsx', 'server/src/main.ts'],
  ...(BASELINE ? { baseline: [...BASELINE_FLAGS, BASELINE] } : {}),
};
const MODES = Object.fromEntries(
  Object.entries(ALL_MODES).filter(
    ([mode]) => !process.env.BENCH_START_MODES || process.env.BENCH_START_MODES.split(',').includes(mode),
  ),
);

interface Start {
  mode: string;
  readyMs: number;
  idleRssMb: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

async function untilReady(child: ChildProcess, startedAt: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/v1/health/ready`);
      if (res.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    if (performance.now() - startedAt > 120_000) throw new Error('not ready after 120 s');
    await sleep(10);
  }
}

async function startOnce(mode: string, dataDir: string): Promise<Start> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, MODES[mode] as string[], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      // The demo database, as `npm start` opens it; without the simulated callers, so idle is idle.
      DEMO_DATA: 'on',
      DEMO_TRAFFIC: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const readyMs = await untilReady(child, startedAt);
    await sleep(IDLE_MS);
    return { mode, readyMs, idleRssMb: rssMb(child.pid as number) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

await buildServer();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-cold-start-'));
try {
  // One start first, untimed: it creates the database, migrates and seeds it; the timed starts find it done.
  await startOnce('compiled', dataDir);
  const starts: Start[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const modes = Object.keys(MODES);
    for (const mode of round % 2 ? modes.toReversed() : modes) {
      const start = await startOnce(mode, dataDir);
      console.log(
        `${mode.padEnd(8)} ready in ${start.readyMs.toFixed(0)} ms, idle RSS ${start.idleRssMb.toFixed(1)} MB`,
      );
      starts.push(start);
    }
  }
  const summary = Object.keys(MODES).map((mode) => {
    const mine = starts.filter((s) => s.mode === mode);
    return {
      mode,
      medianReadyMs: Math.round(median(mine.map((s) => s.readyMs))),
      medianIdleRssMb: Number(median(mine.map((s) => s.idleRssMb)).toFixed(1)),
    };
  });
  console.log(`\ncold start, median of ${ROUNDS} (node ${process.version}):`);
  for (const s of summary)
    console.log(`  ${s.mode.padEnd(8)} ready ${s.medianReadyMs} ms, idle RSS ${s.medianIdleRssMb} MB`);
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const file = new URL(
    `./results/cold-start-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    import.meta.url,
  );
  writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), node: process.version, summary, starts }, null, 2)}\n`,
  );
  console.log(`results: ${file.pathname}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
