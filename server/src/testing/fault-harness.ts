import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { databaseUrl, withAdminClient } from './postgres-template.ts';
import { type SpawnedProcess, spawnProcess, spawnServer } from './spawn-server.ts';

/**
 * What the fault tests and `npm run faults` share: a PostgreSQL database of their own (whose
 * connections they may cut), real server processes on it, and a signed-in root admin.
 */
export const FAULT_JWT_SECRET = 'fault-tests-secret-that-is-long-enough-for-hs256';

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Cuts every connection to this database (and to no other): returns how many were cut. */
  terminateBackends(): Promise<number>;
  /** Runs one query on a connection of its own. */
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A new, empty database on the server at serverUrl (TEST_DATABASE_URL), dropped by drop(). */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `switchboard_fault_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = databaseUrl(serverUrl, name);
  return {
    name,
    url,
    terminateBackends: () =>
      withAdminClient(serverUrl, async (client) => {
        const result = await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        return result.rowCount ?? 0;
      }),
    query: (text, values) => withAdminClient(url, async (client) => (await client.query(text, values)).rows),
    drop: () =>
      withAdminClient(
        serverUrl,
        async (client) => void (await client.query(`drop database if exists ${name} with (force)`)),
      ),
  };
}

/** A server process on PostgreSQL at databaseUrl, listening on port. */
export function spawnPostgresServer(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): SpawnedProcess {
  return spawnServer(mkdtempSync(join(tmpdir(), 'switchboard-fault-')), port, {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: FAULT_JWT_SECRET,
    ...env,
  });
}

export const api = (port: number, path: string, init: RequestInit = {}) =>
  fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
    ...init,
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });

/** Registers the root admin through the first-start page, signs in and lifts its request budget: an Authorization header. */
export async function registerRootAdmin(port: number): Promise<{ authorization: string }> {
  const credentials = { username: 'faultroot', password: 'Fault123!pass' };
  const registered = await api(port, '/admin_root_admin/register', {
    method: 'POST',
    body: JSON.stringify({
      ...credentials,
      email: 'faultroot@example.test',
      confirm_password: credentials.password,
    }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const login = await api(port, '/auth/login', { method: 'POST', body: JSON.stringify(credentials) });
  const body = (await login.json()) as { access_token?: string };
  const token = body.access_token;
  if (!token) throw new Error(`login answered ${login.status}`);
  const auth = { authorization: `Bearer ${token}` };
  // The write loads measure faults, not the per-admin request budget (600 a minute by default, which
  // eight writers on a quiet machine pass within seconds).
  const raised = await api(port, '/security/settings', {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ admin_requests_per_minute: 1_000_000 }),
  });
  if (raised.status !== 200) throw new Error(`raising the admin budget answered ${raised.status}`);
  return auth;
}

/** Whether the process is still running. */
export const isRunning = (server: SpawnedProcess) =>
  server.child.exitCode === null && server.child.signalCode === null;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A user to credit, inserted straight into the database. */
export async function insertLoadUser(database: ScratchDatabase, username: string): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    'insert into users (username, email) values ($1, $2) returning id',
    [username, `${username}@example.test`],
  );
  if (!row) throw new Error('insert failed');
  return row.id;
}

export interface WriteLoad {
  /** Ids of the coin entries the server acknowledged (answered 200 for). */
  acknowledged: number[];
  attempted: number;
  /** Answers other than 200, by status ("503", "500", or a connection error's code). */
  failures: Map<string, number>;
  stop(): Promise<void>;
}

/** `workers` loops of POST /admin/coins/add (+1 coin each) against the ports in turn, until stop(). */
export function startWriteLoad(
  ports: number[],
  auth: { authorization: string },
  userId: string,
  workers = 8,
): WriteLoad {
  const load: WriteLoad = {
    acknowledged: [],
    attempted: 0,
    failures: new Map(),
    stop: async () => undefined,
  };
  let running = true;
  const count = (key: string) => load.failures.set(key, (load.failures.get(key) ?? 0) + 1);
  const loop = async (worker: number) => {
    for (let i = 0; running; i++) {
      const port = ports[(worker + i) % ports.length] as number;
      load.attempted++;
      try {
        const res = await api(port, '/admin/coins/add', {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ user_id: userId, amount: 1, description: 'fault load' }),
        });
        const body = (await res.json().catch(() => null)) as {
          data?: { transaction?: { id: number } };
        } | null;
        const id = body?.data?.transaction?.id;
        if (res.status === 200 && typeof id === 'number') load.acknowledged.push(id);
        else count(String(res.status));
      } catch (err) {
        count((err as { cause?: { code?: string } }).cause?.code ?? 'network error');
        await sleep(50);
      }
    }
  };
  const loops = Array.from({ length: workers }, (_, worker) => loop(worker));
  load.stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return load;
}

/** Which acknowledged coin entries are missing from the database. */
export async function missingEntries(database: ScratchDatabase, ids: number[]): Promise<number[]> {
  const rows = await database.query<{ id: string }>(
    'select id from coin_transactions where id = any($1::bigint[])',
    [ids],
  );
  const present = new Set(rows.map((row) => Number(row.id)));
  return ids.filter((id) => !present.has(id));
}

/** Polls condition every 200 ms until it holds; throws after ms. */
export async function until(condition: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await Promise.resolve(condition()).catch(() => false))) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(200);
  }
}

/** A throwaway redis-server of our own on port (never the shared one), with nothing saved to disk. */
export function startRedis(port: number): { ready: Promise<void>; stop(): Promise<void> } {
  const redis = spawnProcess(
    ['redis-server', '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {},
  );
  return {
    ready: redis.waitFor('Ready to accept connections', 10_000),
    stop: async () => {
      if (redis.child.exitCode === null) redis.child.kill('SIGKILL');
      await redis.exited;
    },
  };
}
