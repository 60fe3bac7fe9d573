import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind, testDatabaseUrl } from '../config.ts';
import { createScratchDatabase, type ScratchDatabase } from '../testing/fault-harness.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';

const serverUrl = testDatabaseUrl();
let scratch: ScratchDatabase | undefined;
let handle: DatabaseHandle | undefined;

afterAll(async () => {
  await scratch?.drop();
});

/** Cuts the socket of each client as it is checked out, before its first statement. */
function cutEachCheckedOutConnection(pool: NonNullable<DatabaseHandle['pool']>): () => void {
  const cut = (client: unknown) =>
    (client as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  pool.on('acquire', cut);
  return () => pool.off('acquire', cut);
}

// Connections are only cut on PostgreSQL; PGlite runs inside the process.
describe.skipIf(testDatabaseKind() !== 'postgres' || !serverUrl)(
  'a connection lost as a transaction begins',
  () => {
    it('fails that transaction, keeps the pool whole, and lets the database close at once', async () => {
      scratch = await createScratchDatabase(serverUrl as string);
      handle = await openDatabase({ kind: 'postgres', url: scratch.url });
      const pool = handle.pool as NonNullable<DatabaseHandle['pool']>;
      const stopCutting = cutEachCheckedOutConnection(pool);
      for (let i = 0; i < 3; i++)
        await expect(handle.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      stopCutting();

      await expect.poll(() => pool.totalCount, { timeout: 2000 }).toBe(0);
      await expect(handle.db.transaction((tx) => tx.execute(sql`select 1`))).resolves.toBeDefined();
      const closed = await Promise.race([
        handle.close().then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
      ]);
      expect(closed).toBe('closed');
    });
  },
);
