import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { containsTerm } from './search-filter.ts';

const render = (common: boolean) =>
  new PgDialect().sqlToQuery(containsTerm([sql.raw('a'), sql.raw('b')], '5%_off', common));

describe('containsTerm', () => {
  it('tests the indexed columns themselves for a rare term, so their trigram indexes can serve it', () => {
    expect(render(false)).toMatchObject({
      sql: '(a ilike $1 or b ilike $2)',
      params: ['%5\\%\\_off%', '%5\\%\\_off%'],
    });
  });

  it('hides the columns from their indexes for a common term, so the list walks its time index', () => {
    expect(render(true).sql).toBe("(coalesce(a, '') ilike $1 or coalesce(b, '') ilike $2)");
  });
});
