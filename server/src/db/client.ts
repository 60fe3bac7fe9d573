import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { type Logger, pino } from 'pino';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import type { DatabaseTarget } from './database-target.ts';
import { openPglite } from './pglite-open.ts';
import { PgliteThread } from './pglite-thread/pglite-thread.ts';
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
  // pg and Drizzle's driver for it load only for PostgreSQL: pg's first load alone cost ~30 ms of
  // every start on Node 20 (it builds a fetch Response to tell whether it runs on Cloudflare).
  if (target.kind === 'postgres')
    return (await import('./postgres-database.ts')).openPostgres(target.url, logger);
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
