// `npm run faults`: the fault runs of issue #27 as automated checks, on PostgreSQL (TEST_DATABASE_URL, a
// throwaway database of its own) and a redis-server of its own. Two instances start at once on the empty
// database (one through the documented container command), then: PostgreSQL connections are cut under
// write load, Redis goes away for longer than 10 s, an instance is killed with -9 during a backup, and the
// container command gets SIGTERM. It asserts that no instance exits, no acknowledged write is lost and
// readiness tells the truth; prints a summary and exits non-zero on any failure.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  api,
  createScratchDatabase,
  FAULT_JWT_SECRET,
  insertLoadUser,
  isRunning,
  missingEntries,
  registerRootAdmin,
  type ScratchDatabase,
  sleep,
  startRedis,
  startWriteLoad,
  until,
} from '../server/src/testing/fault-harness.ts';
import { type SpawnedProcess, spawnProcess } from '../server/src/testing/spawn-server.ts';

const DATABASE_SERVER = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PORTS = [18140, 18141] as const;
const REDIS_PORT = Number(process.env.FAULTS_REDIS_PORT || 6391);
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
const TIME_LIMIT_MS = 270_000;
/** Issue #27: two instances keep serving HTTP through a 30 s Redis outage. */
const REDIS_OUTAGE_MS = 30_000;

interface Outcome {
  name: string;
  ok: boolean;
  detail: string;
}
const outcomes: Outcome[] = [];
const servers: SpawnedProcess[] = [];
const backupDir = mkdtempSync(join(tmpdir(), 'switchboard-faults-backups-'));
let database: ScratchDatabase | undefined;
let redis: ReturnType<typeof startRedis> | undefined;

class Failed extends Error {}
function check(condition: boolean, what: string): void {
  if (!condition) throw new Failed(what);
}

async function scenario(name: string, run: () => Promise<string>): Promise<void> {
  const started = Date.now();
  try {
    const detail = await run();
    outcomes.push({ name, ok: true, detail: `${detail} (${((Date.now() - started) / 1000).toFixed(1)} s)` });
  } catch (err) {
    outcomes.push({ name, ok: false, detail: err instanceof Error ? err.message : String(err) });
  }
  const last = outcomes.at(-1) as Outcome;
  console.log(`${last.ok ? 'PASS' : 'FAIL'}  ${name}: ${last.detail}`);
}

/** Instance i: 0 runs through the documented container command, 1 as the plain server. */
function startInstance(i: 0 | 1): SpawnedProcess {
  const env = {
    DATABASE_URL: (database as ScratchDatabase).url,
    JWT_SECRET: FAULT_JWT_SECRET,
    REDIS_URL,
    BACKUP_DIR: backupDir,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'switchboard-faults-data-')),
    PORT: String(PORTS[i]),
    DEMO_DATA: 'off',
    LOG_LEVEL: 'info',
  };
  const command =
    i === 0
      ? [process.execPath, 'scripts/start.mjs', '--no-build']
      : [process.execPath, '--import', 'tsx', 'server/src/main.ts'];
  const server = spawnProcess(command, env);
  servers[i] = server;
  return server;
}

const ready = async (port: number) => {
  const res = await api(port, '/health/ready');
  return { ...((await res.json()) as { database: string; redis: string }), status: res.status };
};

async function main(): Promise<void> {
  database = await createScratchDatabase(DATABASE_SERVER);
  redis = startRedis(REDIS_PORT);
  await redis.ready;
  let auth = { authorization: '' };

  await scenario('two instances start at once on an empty database', async () => {
    const started = [startInstance(0), startInstance(1)];
    await Promise.all(started.map((server) => server.waitFor('Switchboard console:', 120_000)));
    for (const port of PORTS)
      check((await ready(port)).redis === 'up', `instance on ${port} not ready with Redis`);
    auth = await registerRootAdmin(PORTS[0]);
    return '2 of 2 listening and ready';
  });

  await scenario('PostgreSQL connections cut under write load on both instances', async () => {
    const userId = await insertLoadUser(database as ScratchDatabase, 'faults_load');
    const load = startWriteLoad([...PORTS], auth, userId, 8);
    await sleep(700);
    let cut = 0;
    for (let i = 0; i < 4; i++) {
      cut += await (database as ScratchDatabase).terminateBackends();
      await sleep(500);
    }
    await load.stop();
    for (const server of servers) check(isRunning(server), 'an instance exited');
    const unexpected = [...load.failures.entries()].filter(([status]) => status !== '503');
    check(unexpected.length === 0, `answers other than 200/503: ${JSON.stringify(unexpected)}`);
    const missing = await missingEntries(database as ScratchDatabase, load.acknowledged);
    check(missing.length === 0, `${missing.length} acknowledged writes lost`);
    for (const port of PORTS) check((await ready(port)).status === 200, `not ready after the cut on ${port}`);
    return `${cut} connections cut; ${load.attempted} writes, ${load.acknowledged.length} acknowledged (all kept), ${load.failures.get('503') ?? 0} answered 503`;
  });

  await scenario(`Redis outage of ${REDIS_OUTAGE_MS / 1000} s under two instances`, async () => {
    await redis?.stop();
    const ends = Date.now() + REDIS_OUTAGE_MS;
    let served = 0;
    while (Date.now() < ends) {
      for (const port of PORTS) {
        check((await api(port, '/health/simple')).status === 200, `HTTP stopped on ${port}`);
        served++;
      }
      await sleep(500);
    }
    for (const port of PORTS) {
      const state = await ready(port);
      check(
        state.status === 200 && state.redis === 'down',
        `readiness on ${port} said ${JSON.stringify(state)}`,
      );
    }
    redis = startRedis(REDIS_PORT);
    await redis.ready;
    for (const port of PORTS) await until(async () => (await ready(port)).redis === 'up', 20_000);
    for (const server of servers) check(isRunning(server), 'an instance exited');
    return `${served} requests served during the outage, readiness said redis down, both reconnected`;
  });

  await scenario('kill -9 during a backup', async () => {
    // Enough rows that pg_dump is still writing when the instance is killed.
    await (database as ScratchDatabase).query(
      'create table faults_ballast as select g, repeat(md5(g::text), 8) as pad from generate_series(1, 300000) g',
    );
    const victim = servers[1] as SpawnedProcess;
    void api(PORTS[1], '/database/backup', { method: 'POST', headers: auth }).catch(() => undefined);
    await until(
      () => readdirSync(backupDir).some((name) => statSync(join(backupDir, name)).size > 0),
      20_000,
    );
    victim.child.kill('SIGKILL');
    await victim.exited;
    const [row] = await (database as ScratchDatabase).query<{ id: string; filename: string; status: string }>(
      'select id, filename, status from backups order by id desc limit 1',
    );
    check(row?.status === 'running', `the killed backup was ${row?.status}`);
    const restarted = startInstance(1);
    await restarted.waitFor('Switchboard console:', 120_000);
    await until(async () => {
      const [now] = await (database as ScratchDatabase).query<{ status: string }>(
        'select status from backups where id = $1',
        [row?.id],
      );
      return now?.status === 'failed';
    }, 45_000);
    check(!readdirSync(backupDir).includes(row?.filename ?? ''), 'the partial file was left behind');
    await (database as ScratchDatabase).query('drop table faults_ballast');
    return 'the restarted instance marked the interrupted backup failed within its grace period and removed its partial file';
  });

  await scenario('SIGTERM to the documented container command (node scripts/start.mjs)', async () => {
    const server = servers[0] as SpawnedProcess;
    const body = JSON.stringify({ username: 'nobody', password: 'wrong-password' });
    const socket = connect(PORTS[0], '127.0.0.1');
    let response = '';
    socket.on('data', (chunk) => {
      response += chunk;
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(300);
    server.child.kill('SIGTERM');
    await server.waitFor('shutting down', 10_000);
    await sleep(500);
    check(isRunning(server), 'the container command exited while the server was draining');
    socket.write(body.slice(10));
    await closed;
    check(/^HTTP\/1\.1 401 /.test(response), `the in-flight request got: ${response.slice(0, 40)}`);
    const code = await server.exited;
    check(code === 0, `exited with ${code}`);
    return 'stayed up through the drain, answered the in-flight request, exited 0';
  });
}

async function cleanUp(): Promise<void> {
  for (const server of servers) if (server && isRunning(server)) server.child.kill('SIGKILL');
  await Promise.all(servers.filter(Boolean).map((server) => server.exited));
  await redis?.stop().catch(() => undefined);
  await database?.drop().catch(() => undefined);
  rmSync(backupDir, { recursive: true, force: true });
}

const limit = setTimeout(() => {
  console.log(`FAIL  time limit: the fault runs took more than ${TIME_LIMIT_MS / 1000} s`);
  void cleanUp().finally(() => process.exit(1));
}, TIME_LIMIT_MS);

const startedAt = Date.now();
await main().catch((err: unknown) => {
  outcomes.push({ name: 'set-up', ok: false, detail: err instanceof Error ? err.message : String(err) });
  console.log(`FAIL  set-up: ${outcomes.at(-1)?.detail}`);
});
await cleanUp();
clearTimeout(limit);
const failed = outcomes.filter((o) => !o.ok).length;
for (const server of servers.filter((s) => s && !outcomes.every((o) => o.ok))) {
  console.log(
    `--- output of an instance (last lines) ---\n${server.output().split('\n').slice(-15).join('\n')}`,
  );
}
console.log(
  `\nFault runs: ${outcomes.length} scenarios in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
);
console.log(`faults: ${outcomes.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
