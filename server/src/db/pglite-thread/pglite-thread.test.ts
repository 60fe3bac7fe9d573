import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../config.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import type { DatabaseHandle } from '../client.ts';
import { pgErrorCode } from '../pg-errors.ts';
import { queryRows } from '../query-rows.ts';
import { PgliteThread } from './pglite-thread.ts';

describe.runIf(testDatabaseKind() === 'pglite')('PGlite on a thread of its own', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.execute(sql`create table thread_probe (id int primary key, note text not null)`);
  });
  afterAll(() => handle.close());

  const notes = async () =>
    (await queryRows<{ note: string }>(handle.db, sql`select note from thread_probe order by id`)).map(
      (row) => row.note,
    );

  it('is what the server opens', () => {
    expect(handle.pglite).toBeInstanceOf(PgliteThread);
  });

  it('leaves the server thread free while a statement runs', async () => {
    // In the server's thread, PGlite's WebAssembly held the event loop for the whole statement.
    let last = performance.now();
    let longestGap = 0;
    const ticks = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    const startedAt = performance.now();
    try {
      await handle.db.execute(sql`select count(*) from generate_series(1, 3000000)`);
    } finally {
      clearInterval(ticks);
    }
    longestGap = Math.max(longestGap, performance.now() - last);
    // Held, the loop's longest gap is the whole statement; a busy machine stretches both, so the bound grows with it.
    const statementMs = performance.now() - startedAt;
    expect(longestGap).toBeLessThan(Math.max(200, statementMs / 2));
  });

  it('keeps PostgreSQL error codes, and answers the next statement after an error', async () => {
    const failure = await handle.db.execute(sql`insert into thread_probe values (1, null)`).catch((e) => e);
    expect(pgErrorCode(failure)).toBe('23502');
    await handle.db.execute(sql`insert into thread_probe values (1, 'first')`);
    expect(await notes()).toEqual(['first']);
  });

  it('refuses a parameter that cannot cross to the thread, and goes on answering', async () => {
    const thread = handle.pglite as PgliteThread;
    await expect(thread.query('select $1::text', [() => 1])).rejects.toThrow();
    expect((await thread.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
  });

  it('rolls a transaction back when its work throws, and commits it when it returns', async () => {
    const refused = await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (2, 'rolled back')`);
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    expect(refused).toBe('changed my mind');
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (3, 'committed')`);
    });
    expect(await notes()).toEqual(['first', 'committed']);
  });

  it('runs a statement from outside an open transaction only after the transaction ends', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (4, 'inside')`);
      await held;
      await tx.execute(sql`update thread_probe set note = 'inside, updated' where id = 4`);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = queryRows<{ note: string }>(handle.db, sql`select note from thread_probe where id = 4`);
    release();
    await transaction;
    expect(await outside).toEqual([{ note: 'inside, updated' }]);
  });

  it('refuses statements once closed', async () => {
    const other = await openTestDatabase();
    const thread = other.pglite as PgliteThread;
    await other.close();
    expect(thread.closed).toBe(true);
    await expect(thread.query('select 1')).rejects.toThrow('the PGlite thread is closed');
    await expect(other.ping()).rejects.toThrow('database is closed');
  });
});
