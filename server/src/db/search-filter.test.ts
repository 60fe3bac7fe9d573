import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { containsTerm, SEARCH_PATTERN, type SearchForm } from './search-filter.ts';

const render = (form: SearchForm) =>
  new PgDialect().sqlToQuery(containsTerm([sql.raw('a'), sql.raw('b')], '5%_off', form));

describe('containsTerm', () => {
  it('tests the indexed columns themselves for a rare term, so their trigram indexes can serve it', () => {
    expect(render('rare')).toMatchObject({
      sql: '(a ilike $1 or b ilike $2)',
      params: ['%5\\%\\_off%', '%5\\%\\_off%'],
    });
  });

  it('hides the columns from their indexes for a common term, so the list walks its time index', () => {
    expect(render('common').sql).toBe("(coalesce(a, '') ilike $1 or coalesce(b, '') ilike $2)");
  });

  it('leaves a prepared common search its pattern as a placeholder, never the term itself', () => {
    const { sql: text, params } = render('prepared');
    expect(text).toBe("(coalesce(a, '') ilike (select $1::text) or coalesce(b, '') ilike (select $2::text))");
    expect(params).toMatchObject([{ name: SEARCH_PATTERN }, { name: SEARCH_PATTERN }]);
  });
});
