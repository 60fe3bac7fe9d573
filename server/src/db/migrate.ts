import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.ts';

const defaultFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Applies server/drizzle migrations that have not run yet; the same SQL on both drivers. */
export async function runMigrations(
  handle: Pick<DatabaseHandle, 'kind' | 'db'>,
  migrationsFolder = defaultFolder,
): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  }
}
