import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../config.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { queryRows } from './query-rows.ts';

describe.runIf(testDatabaseKind() === 'pglite')('PGlite with only the built-in parsers', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('keeps a few dozen parsers instead of one per array type in the schema', async () => {
    // The server's PGlite runs on a thread of its own; the same opening in this thread shows its parsers.
    const here = await openTestDatabase({ inThisThread: true });
    try {
      expect(here.pglite).toBeInstanceOf(PGlite);
      expect(Object.keys((here.pglite as PGlite).parsers).length).toBeLessThan(60);
    } finally {
      await here.close();
    }
  });

  it('still reads numbers, booleans, JSON and arrays of them as values, not text', async () => {
    const [row] = await queryRows<Record<string, unknown>>(
      handle.db,
      sql`select 7::int4 as n, 9::int8 as big, true as yes, '{"a":1}'::json as doc, '{"b":2}'::jsonb as docb,
        '2026-01-02T03:04:05Z'::timestamptz as at, array[1, 2]::int4[] as ints, array['x', 'y']::text[] as texts,
        array[true]::bool[] as flags, (select array_agg(id) from users) as no_ids`,
    );
    expect(row).toEqual({
      n: 7,
      big: 9,
      yes: true,
      doc: { a: 1 },
      docb: { b: 2 },
      // Drizzle reads timestamps as text and maps them itself.
      at: '2026-01-02 03:04:05+00',
      ints: [1, 2],
      texts: ['x', 'y'],
      flags: [true],
      no_ids: null,
    });
  });
});
