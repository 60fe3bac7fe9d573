import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Logger, pino } from 'pino';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import type { DatabaseTarget } from './database-target.ts';
import { isConnectionLost } from './pg-errors.ts';
import { openPglite } from './pglite-open.ts';
import { PgliteThread } from './pglite-thread/pglite-thread.ts';
import { releaseClientsOnConnectionEnd } from './release-on-connection-end.ts';
import * as schema from './schema/all.ts';

/** The same typed client whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The driver underneath, for backups and pool statistics. */
  pglite?: EmbeddedDatabase;
  pool?: pg.Pool;
  /** The PostgreSQL URL, for pg_dump and pg_restore. */
  url?: string;
  /** PostgreSQL connections lost since the database was opened (restarts, cuts, terminated backends). */
  connectionErrors?: () => number;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** PGlite on a thread of its own (the server's), or in the calling thread (the bench's direct SQL). */
export type EmbeddedDatabase = PGlite | PgliteThread;

/** PGlite in dataDir (in memory when dataDir is unset), or PostgreSQL at url. */
export async function openDatabase(
  target: DatabaseTarget,
  logger: Pick<Logger, 'error'> = pino(),
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ ...withJitOff(target.url), max: 10 });
    let connectionErrors = 0;
    const onConnectionError = (err: Error) => {
      connectionErrors++;
      // The code and message only: the client the error hangs on carries the connection parameters.
      logger.error(
        { code: (err as { code?: string }).code, reason: err.message },
        'PostgreSQL connection lost',
      );
    };
    // Every client listens for its own connection's end: one checked out for a transaction has no
    // listener of the pool's, and an 'error' event without one ends the process. Its query fails
    // instead, and the pool discards the client when it is released. Idle clients' errors reach
    // the pool's listener too, already counted here.
    pool.on('connect', (client) => client.on('error', onConnectionError));
    pool.on('error', () => undefined);
    retryReadsOnLostConnection(pool);
    releaseClientsOnConnectionEnd(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      pool,
      url: target.url,
      connectionErrors: () => connectionErrors,
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }
  return openEmbedded(target, logger);
}

async function openEmbedded(
  target: Extract<DatabaseTarget, { kind: 'pglite' }>,
  logger: Pick<Logger, 'error'>,
): Promise<DatabaseHandle> {
  // Held from before PGlite opens the directory until after it has closed it.
  const lock = target.dataDir ? lockDataDir(target.dataDir) : null;
  let client: EmbeddedDatabase;
  try {
    client = target.inThisThread
      ? await openPglite(target)
      : await PgliteThread.open({ ...target, onFailure: embeddedFailureReport(logger) });
  } catch (err) {
    lock?.release();
    throw err;
  }
  return embeddedHandle(client, lock);
}

/** Where the embedded database's thread reports dying after it opened. */
export const embeddedFailureReport =
  (logger: Pick<Logger, 'error'>) =>
  (err: Error): void =>
    logger.error({ err }, 'The embedded database thread failed');

/**
 * The handle of the embedded database on `client`. With `ready`, the handle's statements wait for it
 * first (the migrations, while the app is built: open-migrated.ts); the handle's close releases `lock`.
 */
export function embeddedHandle(
  client: EmbeddedDatabase,
  lock: DataDirLock | null,
  ready?: Promise<void>,
): DatabaseHandle {
  // Drizzle's driver calls query and transaction, which the thread answers as PGlite does.
  const db = drizzlePglite((ready ? afterReady(client, ready) : client) as PGlite, {
    schema,
  }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => {
      if (client.closed) throw new Error('database is closed');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** `client` as Drizzle calls it, each statement held until `ready` has settled (and failing if it failed). */
function afterReady(
  client: EmbeddedDatabase,
  ready: Promise<void>,
): Pick<EmbeddedDatabase, 'query' | 'transaction'> {
  let isReady = false;
  ready.then(
    () => {
      isReady = true;
    },
    () => undefined,
  );
  return {
    query: ((...args: Parameters<PgliteThread['query']>) =>
      isReady ? client.query(...args) : ready.then(() => client.query(...args))) as EmbeddedDatabase['query'],
    transaction: ((callback: Parameters<PgliteThread['transaction']>[0]) =>
      isReady
        ? client.transaction(callback)
        : ready.then(() => client.transaction(callback))) as EmbeddedDatabase['transaction'],
  };
}

/**
 * A read outside a transaction that fails because its connection was lost (it was idle in the pool
 * when the server ended it) runs once more on a new connection. Writes are not repeated: one may
 * have been committed before the connection went.
 */
function retryReadsOnLostConnection(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function' || !isRead(args[0])) return query(...args);
    return query(...args).catch(async (err: unknown) => {
      if (!isConnectionLost(err)) throw err;
      // A new connection rather than another pooled one: the server may have ended every idle
      // connection at once, before the pool has heard of it.
      const fresh = new pg.Client(pool.options);
      fresh.on('error', () => undefined);
      await fresh.connect();
      try {
        return await (fresh.query as (...a: unknown[]) => Promise<unknown>)(...args);
      } finally {
        await fresh.end().catch(() => undefined);
      }
    });
  }) as typeof pool.query;
}

const isRead = (config: unknown): boolean => {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*select\b/i.test(text) && !/\bfor\s+(update|share)\b/i.test(text);
};

/**
 * The connection string and its `options` with JIT turned off, after any options the URL sets (pg
 * would let the URL's `options` replace ours, so they move out of it). The app's statements are
 * short OLTP queries, but the planner's estimate for a search's capped total crosses `jit_above_cost`,
 * and compiling ~48 functions took 32–41 ms of a ~30 ms query (calls "son" at 1m: 45–52 q/s with JIT,
 * 125 without).
 */
function withJitOff(url: string): { connectionString: string; options: string } {
  const parsed = new URL(url);
  const own = parsed.searchParams.get('options');
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options: [own, '-c jit=off'].filter(Boolean).join(' ') };
}
