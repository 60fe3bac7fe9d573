import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Logger, pino } from 'pino';
import { lockDataDir } from './data-dir-lock.ts';
import { keepBuiltInParsers } from './pglite-parsers.ts';
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
  pglite?: PGlite;
  pool?: pg.Pool;
  /** The PostgreSQL URL, for pg_dump and pg_restore. */
  url?: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  /** `image`: a data directory image (PGlite's dumpDataDir) to start an in-memory database from. */
  { kind: 'pglite'; dataDir?: string; image?: Blob } | { kind: 'postgres'; url: string };

/** The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR. */
export function configuredDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}

/** PGlite in dataDir (in memory when dataDir is unset), or PostgreSQL at url. */
export async function openDatabase(
  target: DatabaseTarget,
  logger: Pick<Logger, 'error'> = pino(),
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client losing its connection (a database restart) must not crash the process; the pool replaces it.
    pool.on('error', (err) => logger.error({ err }, 'PostgreSQL connection error'));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      pool,
      url: target.url,
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }
  // Held from before PGlite opens the directory until after it has closed it.
  const lock = target.dataDir ? lockDataDir(target.dataDir) : null;
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(target.dataDir ?? 'memory://', {
      extensions: { pg_trgm },
      ...(target.image ? { loadDataDir: target.image } : {}),
    });
    await keepBuiltInParsers(client);
  } catch (err) {
    await client?.close().catch(() => undefined);
    lock?.release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
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
