import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { clientDataErrorMessage } from './pg-errors.ts';

/** Errors the database raises for what a client sent are client errors (400), whatever their code in class 22. */
describe('client data errors', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const failure = async (query: ReturnType<typeof sql>) => {
    try {
      await database.db.execute(query);
    } catch (err) {
      return err;
    }
    throw new Error('the query did not fail');
  };

  it.each([
    ['a lone surrogate escape in JSON', sql`select ${'{"u":"\\ud800"}'}::jsonb`],
    ['text that is not a number', sql`select ${'abc'}::int`],
    ['a division by zero', sql`select 1 / ${0}::int`],
    ['an impossible date', sql`select ${'2026-02-31'}::date`],
  ])('recognises %s', async (_case, query) => {
    expect(clientDataErrorMessage(await failure(query))).toEqual(expect.any(String));
  });

  it('leaves other errors to be server errors', async () => {
    expect(clientDataErrorMessage(await failure(sql`select * from no_such_table`))).toBeUndefined();
    expect(clientDataErrorMessage(new Error('boom'))).toBeUndefined();
  });
});
