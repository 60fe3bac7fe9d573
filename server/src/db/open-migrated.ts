import { pino } from 'pino';
import { type DatabaseHandle, embeddedFailureReport, embeddedHandle, openDatabase } from './client.ts';
import type { DatabaseTarget } from './database-target.ts';
import type { EmbeddedOpening } from './embedded-opening.ts';
import { runMigrations } from './migrate.ts';

export interface MigratingDatabase {
  database: DatabaseHandle;
  /** Settles once the migrations have run; rejects when the database could not open or migrate. */
  migrated: Promise<void>;
}

/**
 * The database the server runs on, with its migrations run. The embedded database that main.ts started
 * opening (`opening`, target's data directory on its thread) comes back at once, so the app is built
 * while PGlite still opens and migrates on its thread (issue #33's cold start): every statement sent
 * through the handle waits until then, so nothing reads a table before its migration.
 */
export async function openMigrating(
  target: DatabaseTarget,
  opening?: EmbeddedOpening,
): Promise<MigratingDatabase> {
  if (opening) return migrateWhenOpen(opening);
  const database = await openDatabase(target);
  try {
    await runMigrations(database);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  return { database, migrated: Promise.resolve() };
}

function migrateWhenOpen({ thread, lock, reportFailuresTo }: EmbeddedOpening): MigratingDatabase {
  const migrated = thread.opened.then(() => reportFailuresTo(embeddedFailureReport(pino())));
  return { database: embeddedHandle(thread, lock, migrated), migrated };
}
