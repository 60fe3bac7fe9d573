import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePorts } from '../testing/free-port.ts';
import { type SpawnedProcess, spawnProcess, spawnServer } from '../testing/spawn-server.ts';

const [PORT_A, PORT_B] = (await freePorts(2)) as [number, number];
const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-lock-'));
const started: SpawnedProcess[] = [];
const LOCKED =
  /The database in .*pglite is in use by another Switchboard process \(pid (\d+)\): stop that process, or give this one another DATA_DIR\./;

const api = (port: number, path: string, init?: RequestInit) =>
  fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init?.headers },
  });
const register = (port: number) =>
  api(port, '/admin_root_admin/register', {
    method: 'POST',
    body: JSON.stringify({
      username: 'owner',
      email: 'owner@example.test',
      password: 'Owner123!pass',
      confirm_password: 'Owner123!pass',
    }),
  });
const login = (port: number) =>
  api(port, '/auth/login', {
    method: 'POST',
    body: JSON.stringify({ username: 'owner', password: 'Owner123!pass' }),
  });
const start = (port: number) => {
  const server = spawnServer(dataDir, port);
  started.push(server);
  return server;
};

afterAll(() => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

// PostgreSQL is not locked: several instances on one server is how to scale out. Run once.
describe.skipIf(process.env.SWITCHBOARD_TEST_DB === 'postgres')('one process per embedded database', () => {
  it('refuses a second server and the seed command while a server holds DATA_DIR', async () => {
    const first = start(PORT_A);
    await first.waitFor('Switchboard console:');
    expect((await register(PORT_A)).status).toBe(201);

    const second = start(PORT_B);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(LOCKED);
    expect(second.output().match(LOCKED)?.[1]).toBe(String(first.child.pid));

    const seed = spawnProcess([process.execPath, '--import', 'tsx', 'server/src/demo/seed-cli.ts'], {
      DATA_DIR: dataDir,
    });
    expect(await seed.exited).not.toBe(0);
    expect(seed.output()).toMatch(LOCKED);

    expect((await login(PORT_A)).status).toBe(200);
    expect((await api(PORT_B, '/health/ready').catch(() => null))?.status).toBeUndefined();
  }, 120_000);

  it('takes over the lock of a holder killed with SIGKILL, with every acknowledged write', async () => {
    const holder = started[0] as SpawnedProcess;
    holder.child.kill('SIGKILL');
    await holder.exited;

    const next = start(PORT_A);
    await next.waitFor('Switchboard console:');
    expect(next.output()).toContain(`Taking over the lock on ${join(dataDir, 'pglite')}`);
    expect((await login(PORT_A)).status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 120_000);
});
