import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { testDatabaseKind, testDatabaseUrl } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { createDatabaseFrom, databaseUrl, dropDatabase } from './postgres-template.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite (on disk in `dataDir`, an empty
 * directory, when given), or (in the postgres test project) a new database on TEST_DATABASE_URL's
 * server that is dropped on close.
 */
export async function openTestDatabase(
  options: { migrationsFolder?: string; inThisThread?: boolean; dataDir?: string } = {},
): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'pglite') {
    // The migrated image when the migrations are the current ones (an upgrade test brings its own).
    const image = options.migrationsFolder ? undefined : await migratedImage();
    const handle = await openDatabase({
      kind: 'pglite',
      ...(image ? { image } : {}),
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.inThisThread ? { inThisThread: true } : {}),
    });
    await runMigrations(handle, options.migrationsFolder);
    return handle;
  }
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) throw new Error('TEST_DATABASE_URL must be set for the postgres test project');
  const name = `switchboard_test_${randomBytes(6).toString('hex')}`;
  // The migrated template when the migrations are the current ones (an upgrade test brings its own).
  const template = options.migrationsFolder ? undefined : postgresTemplate();
  await createDatabaseFrom(serverUrl, name, template);
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
  await runMigrations(handle, options.migrationsFolder);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory image that each PGlite test database starts from. */
    pgliteImage: string;
    /** A migrated PostgreSQL database that each PostgreSQL test database is copied from. */
    postgresTemplate: string;
  }
}

let image: Promise<Blob | undefined> | undefined;

/** The image vitest-global-setup.ts wrote, read once per test worker. */
function migratedImage(): Promise<Blob | undefined> {
  image ??= (async () => {
    // Outside a vitest run (bench/socket-fanout-server.ts) there is no image: PGlite starts empty.
    const path = process.env.VITEST ? inject('pgliteImage') : undefined;
    return path ? new Blob([await readFile(path)]) : undefined;
  })();
  return image;
}

/** The template vitest-global-setup.ts made; none outside a vitest run. */
function postgresTemplate(): string | undefined {
  return process.env.VITEST ? inject('postgresTemplate') : undefined;
}
