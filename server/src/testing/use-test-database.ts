import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase } from './test-database.ts';

/**
 * A fresh test database for the calling file: opened before its tests, closed after them. Read
 * `handle` inside the tests; `rows` runs raw SQL and returns its rows.
 */
export function useTestDatabase() {
  let opened: DatabaseHandle | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    await opened?.close();
  });
  const database = {
    get handle(): DatabaseHandle {
      if (!opened) throw new Error('The test database opens in beforeAll');
      return opened;
    },
    async rows<T>(query: SQL): Promise<T[]> {
      return ((await database.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
    },
  };
  return database;
}
