import type { PGlite } from '@electric-sql/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.ts';
import { MIGRATIONS_FOLDER } from './migrations-folder.ts';

/** The PostgreSQL advisory lock key that instances starting together take turns on (any fixed int8). */
const START_UP_LOCK_KEY = 727_150_270_001;

/** Applies server/drizzle migrations that have not run yet; the same SQL on both drivers. */
export async function runMigrations(
  handle: Pick<DatabaseHandle, 'kind' | 'db' | 'pool'>,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await withStartUpLock(handle, () =>
      migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder }),
    );
  }
}

/**
 * Applies them to a PGlite open in this thread: the PGlite thread does, as it opens, so a start's
 * migrations never wait for the server's thread, busy building the app meanwhile (issue #33).
 */
export async function migratePgliteHere(client: PGlite, migrationsFolder: string): Promise<void> {
  await migratePglite(drizzle(client), { migrationsFolder });
}

/**
 * Runs `run` while holding a PostgreSQL advisory lock that every instance takes for its start-up
 * work (migrations, the first seed): instances started at once on an empty database take turns,
 * and each later one finds the work done. PGlite has one process by construction: it just runs.
 */
export async function withStartUpLock<T>(
  handle: Pick<DatabaseHandle, 'pool'>,
  run: () => Promise<T>,
): Promise<T> {
  if (!handle.pool) return run();
  const client = await handle.pool.connect();
  let healthy = true;
  try {
    await client.query('select pg_advisory_lock($1)', [START_UP_LOCK_KEY]);
    try {
      return await run();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [START_UP_LOCK_KEY]).catch(() => {
        healthy = false;
      });
    }
  } catch (err) {
    healthy = false;
    throw err;
  } finally {
    // A connection that may still hold the lock is closed, which releases it.
    client.release(!healthy);
  }
}
