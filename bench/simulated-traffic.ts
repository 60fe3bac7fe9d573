// `npm run bench:traffic`: the server under a crowd of simulated app users, on PostgreSQL.
//   1. One instance, BENCH_USERS (5,000) users online at once, the simulator in a separate process.
//   2. Two instances sharing the database and the Redis adapter, the same users spread over both.
// Each phase reports server CPU (share of one core), heap and RSS, invitation delivery p95 (caller's
// invite to the callee's socket, timed by the simulator), quality samples stored per second, and the
// users and calls lists' p99 under the traffic beside their p99 before it started.
// BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test; a database sb_traffic is made beside it),
// BENCH_REDIS_URL (redis://127.0.0.1:6379), BENCH_USERS (5000), BENCH_RATE (call attempts/s, 10),
// BENCH_SECONDS (measured traffic, 60). Run `npm run build` first: the compiled server is measured.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiToken } from '../e2e/support/api.ts';
import { settingsForBench } from './bench-settings.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const users = Number(process.env.BENCH_USERS ?? 5000);
const rate = Number(process.env.BENCH_RATE ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const root = new URL('..', import.meta.url).pathname;
const JWT_SECRET = randomBytes(32).toString('hex');
/** One backup folder for every instance, as a cluster needs. */
const backupDir = mkdtempSync(join(tmpdir(), 'switchboard-bench-backups-'));
const LISTS = {
  users: '/api/v1/admin/public/users?page=1&limit=20',
  calls: '/api/v1/admin/public/calls?page=1&limit=20',
} as const;

interface Child {
  process: ChildProcess;
  /** The last lines it printed, for progress and failure messages. */
  tail: string[];
  exited: Promise<void>;
}

function run(args: string[], env: Record<string, string>): Child {
  const child = spawn(args[0] as string, args.slice(1), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString().split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { process: child, tail, exited: new Promise((resolve) => child.once('exit', () => resolve())) };
}

async function until(what: string, ok: () => Promise<boolean> | boolean, ms: number, child?: Child) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await ok()) return;
    if (child && child.process.exitCode !== null)
      throw new Error(`${what}: exited\n${child.tail.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${what}: not after ${ms / 1000} s\n${child?.tail.join('\n') ?? ''}`);
}

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startServer(port: number, databaseUrl: string, redis: string): Promise<Child> {
  const server = run([process.execPath, 'server/dist/bundle/main.mjs'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis,
    BACKUP_DIR: backupDir,
    DEMO_DATA: 'on',
    DEMO_TRAFFIC: 'off',
    // Each simulated user comes from an address of its own (X-Forwarded-For from the simulator).
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Instances behind one Redis sign and check each other's tokens.
    JWT_SECRET: JWT_SECRET,
  });
  const ready = async () =>
    (await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`).catch(() => null))?.ok === true;
  await until(`server on ${port}`, ready, 300_000, server);
  return server;
}

/** CPU seconds (user + system) the process has used so far, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function heapAndRss(port: number): Promise<{ heapMb: number; rssMb: number }> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    heapMb: Math.round(metric('switchboard_nodejs_heap_size_used_bytes') / 2 ** 20),
    rssMb: Math.round(metric('switchboard_process_resident_memory_bytes') / 2 ** 20),
  };
}

async function listP99(port: number, token: string): Promise<Record<keyof typeof LISTS, number>> {
  const result = {} as Record<keyof typeof LISTS, number>;
  for (const [name, path] of Object.entries(LISTS) as [keyof typeof LISTS, string][]) {
    const run = await autocannon({
      url: `http://127.0.0.1:${port}${path}`,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
      connections: 10,
      duration: 10,
    });
    if (run.errors + run.non2xx > 0)
      throw new Error(`${name} list: ${run.errors + run.non2xx} failed requests`);
    result[name] = run.latency.p99;
  }
  return result;
}

const progressOf = (simulator: Child) => {
  const line = [...simulator.tail].reverse().find((l) => l.startsWith('online ')) ?? '';
  const number = (label: string) => Number(new RegExp(`${label} (\\d+)`).exec(line)?.[1] ?? Number.NaN);
  const across = /connected across instances (\d+)\/(\d+)/.exec(line);
  return {
    line,
    online: number('online'),
    deliveryP95: number('invite delivery p95'),
    errors: number('errors'),
    acrossInstances: across ? `${across[1]} of ${across[2]}` : null,
  };
};

async function phase(name: string, ports: number[]) {
  const databaseUrl = await freshDatabase('sb_traffic');
  const redis = ports.length > 1 ? redisUrl : '';
  const servers: Child[] = [];
  let simulator: Child | null = null;
  try {
    for (const port of ports) servers.push(await startServer(port, databaseUrl, redis));
    const base = `http://127.0.0.1:${ports[0]}`;
    const token = await apiToken(base);
    const restore = await settingsForBench(base, token);
    const quiet = await listP99(ports[0] as number, token);

    simulator = run(
      [
        process.execPath,
        '--import',
        'tsx',
        'server/src/simulator/cli.ts',
        `--users=${users}`,
        `--rate=${rate}`,
        '--online=1',
        `--url=${ports.map((p) => `http://127.0.0.1:${p}`).join(',')}`,
      ],
      {},
    );
    const sim = simulator;
    await until('users online', () => progressOf(sim).online >= users * 0.98, 20 * 60_000, sim);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const samples = async () =>
      Number((await db.query('select count(*)::int as n from call_quality_samples')).rows[0].n);
    const cpuBefore = servers.map((s) => cpuSeconds(s.process.pid as number));
    const samplesBefore = await samples();
    const startedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const elapsed = (Date.now() - startedAt) / 1000;
    const cpu = servers.map(
      (s, i) => (cpuSeconds(s.process.pid as number) - (cpuBefore[i] as number)) / elapsed,
    );
    const samplesPerSecond = ((await samples()) - samplesBefore) / elapsed;
    await db.end();
    const memory = await Promise.all(ports.map(heapAndRss));
    const progress = progressOf(sim);
    const busy = await listP99(ports[0] as number, token);
    await restore();

    console.log(`\n### ${name}: ${users} users, ${rate} call attempts/s, ${seconds} s measured`);
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
    console.log(`simulator: ${progress.line}`);
    console.log('| instance | CPU (cores) | heap MB | RSS MB |\n|---|---|---|---|');
    for (const [i, port] of ports.entries())
      console.log(`| :${port} | ${cpu[i]?.toFixed(2)} | ${memory[i]?.heapMb} | ${memory[i]?.rssMb} |`);
    console.log(`invitation delivery p95: ${progress.deliveryP95} ms`);
    if (progress.acrossInstances)
      console.log(`calls connected across instances: ${progress.acrossInstances}`);
    console.log(`quality samples stored: ${samplesPerSecond.toFixed(0)}/s`);
    console.log('| list | p99 without traffic ms | p99 under traffic ms |\n|---|---|---|');
    for (const list of Object.keys(LISTS) as (keyof typeof LISTS)[])
      console.log(`| ${list} first page | ${quiet[list]} | ${busy[list]} |`);
  } finally {
    if (simulator) {
      simulator.process.kill('SIGINT');
      await Promise.race([simulator.exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      simulator.process.kill('SIGKILL');
    }
    for (const server of servers) {
      server.process.kill('SIGTERM');
      await server.exited;
    }
  }
}

await phase('One instance', [18601]);
await phase('Two instances, Redis adapter', [18602, 18603]);
