import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind, testDatabaseUrl } from './config.ts';
import {
  api,
  createScratchDatabase,
  isRunning,
  registerRootAdmin,
  type ScratchDatabase,
  sleep,
  spawnPostgresServer,
  startRedis,
  until,
} from './testing/fault-harness.ts';
import { freePorts } from './testing/free-port.ts';
import type { SpawnedProcess } from './testing/spawn-server.ts';

const [REDIS_PORT, ...PORTS] = (await freePorts(4)) as [number, ...number[]];
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
const serverUrl = testDatabaseUrl();
let database: ScratchDatabase | undefined;
const started: SpawnedProcess[] = [];
let redis: ReturnType<typeof startRedis> | undefined;

afterAll(async () => {
  await redis?.stop();
  for (const p of started) if (isRunning(p)) p.child.kill('SIGKILL');
  await Promise.all(started.map((p) => p.exited));
  await database?.drop();
});

const readiness = async (port: number) => {
  const res = await api(port, '/health/ready');
  return { status: res.status, body: (await res.json()) as { status: string; redis?: string } };
};
const metric = async (port: number, name: string) => {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : undefined;
};

/** How many instances' metrics samples reach a console connected to port within 12 s. */
async function instancesHeardFrom(port: number, token: string): Promise<number> {
  const socket = connect(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
  });
  const heard = new Set<string>();
  socket.on('metrics', (sample: { instance_id: string }) => heard.add(sample.instance_id));
  await until(() => heard.size >= 2, 12_000).catch(() => undefined);
  socket.close();
  return heard.size;
}

// Several instances share one PostgreSQL; run once, in the postgres project.
describe.skipIf(testDatabaseKind() !== 'postgres' || !serverUrl)('a Redis outage under two instances', () => {
  it('keeps HTTP serving, reports Redis down and counts it, and recovers when Redis returns', async () => {
    database = await createScratchDatabase(serverUrl as string);
    redis = startRedis(REDIS_PORT);
    await redis.ready;
    // Backups in a directory both instances reach, as a cluster must have (config.ts).
    const env = { REDIS_URL, BACKUP_DIR: mkdtempSync(join(tmpdir(), 'switchboard-backups-')) };
    // One first, so the migrations run once; then the second.
    for (const port of PORTS.slice(0, 2)) {
      const server = spawnPostgresServer(database.url, port, env);
      started.push(server);
      await server.waitFor('Switchboard console:');
    }
    const auth = await registerRootAdmin(PORTS[0] as number);
    for (const port of PORTS.slice(0, 2))
      expect(await readiness(port)).toMatchObject({ status: 200, body: { redis: 'up' } });

    await redis.stop();
    // Longer than the 5 s after which every instance used to exit, with a sample published meanwhile.
    const outageEnds = Date.now() + 12_000;
    let checks = 0;
    while (Date.now() < outageEnds) {
      for (const port of PORTS.slice(0, 2)) {
        expect((await api(port, '/health/simple')).status).toBe(200);
        checks++;
      }
      await sleep(1000);
    }
    expect(checks).toBeGreaterThan(10);
    for (const port of PORTS.slice(0, 2)) {
      // HTTP still works, so the instance stays in rotation; the body says what is missing.
      expect(await readiness(port)).toMatchObject({ status: 200, body: { status: 'ok', redis: 'down' } });
      expect(await metric(port, 'switchboard_redis_up')).toBe(0);
      expect(await metric(port, 'switchboard_redis_errors_total')).toBeGreaterThan(0);
    }
    // An instance started during the outage listens too.
    const late = spawnPostgresServer(database.url, PORTS[2] as number, env);
    started.push(late);
    await late.waitFor('Switchboard console:', 30_000);
    expect(await readiness(PORTS[2] as number)).toMatchObject({ status: 200, body: { redis: 'down' } });

    redis = startRedis(REDIS_PORT);
    await redis.ready;
    for (const port of PORTS) await until(async () => (await readiness(port)).body.redis === 'up', 20_000);
    for (const port of PORTS) expect(await metric(port, 'switchboard_redis_up')).toBe(1);
    // Live events cross instances again: a console on the late instance hears the others' samples.
    expect(await instancesHeardFrom(PORTS[2] as number, auth.authorization.slice(7))).toBeGreaterThanOrEqual(
      2,
    );
    for (const server of started) expect(isRunning(server), server.output().slice(-2000)).toBe(true);
    await redis.stop();
  }, 120_000);
});
