import { Param, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { MAX_LITERAL_PAGES } from './named-statement.ts';
import { statementShapes, type ValuesOrPlaceholders } from './statement-shapes.ts';

const dialect = new PgDialect();
type Query = { tag?: string; since: Date; limit: number };
type Values = { tag: string; since: Date; limit: number };
const asText = { mapToDriverValue: (value: unknown) => (value as Date).toISOString() };

const build = (query: Query, v: ValuesOrPlaceholders<Values>): SQL =>
  sql`select * from t where kind = ${'fixed'} ${query.tag ? sql`and tag = ${v.tag}` : sql``} and at > ${new Param(v.since, asText)} limit ${v.limit}`;
const values = (query: Query): Values => ({ tag: query.tag ?? '', since: query.since, limit: query.limit });

describe('statementShapes', () => {
  it('builds each shape once, then only fills in the values, as Drizzle would render them', () => {
    let built = 0;
    const page = statementShapes({
      shape: (query: Query) => (query.tag ? 'tagged' : 'all'),
      values,
      build: (query, v) => {
        built += 1;
        return build(query, v);
      },
    });
    const queries: Query[] = [
      { tag: 'a', since: new Date('2026-01-01T00:00:00Z'), limit: 5 },
      { since: new Date('2026-02-01T00:00:00Z'), limit: 10 },
      { tag: "b'c", since: new Date('2026-03-01T00:00:00Z'), limit: 20 },
      { since: new Date('2026-04-01T00:00:00Z'), limit: 30 },
    ];
    for (const query of queries) {
      const { sql: text, params } = dialect.sqlToQuery(build(query, values(query)));
      expect(page(query)).toEqual({ sql: text, params });
    }
    expect(built).toBe(2);
    expect(page(queries[2] as Query).params).toEqual(['fixed', "b'c", '2026-03-01T00:00:00.000Z', 20]);
  });

  it('writes the values of a literal query in, until MAX_LITERAL_PAGES texts have been written in', () => {
    const page = statementShapes({ shape: () => 'one', values, build, literal: () => 'first' as const });
    const since = new Date('2026-01-01T00:00:00Z');
    expect(page({ since, limit: 1 })).toEqual({
      sql: "select * from t where kind = 'fixed'  and at > '2026-01-01T00:00:00.000Z' limit 1",
      params: [],
    });
    for (let limit = 2; limit <= MAX_LITERAL_PAGES; limit++)
      expect(page({ since, limit }).params).toEqual([]);
    expect(page({ since, limit: 7 }).params).toEqual([]);
    // Past the bound, a new one goes with parameters like any other page.
    expect(page({ since, limit: MAX_LITERAL_PAGES + 1 }).params).toEqual([
      'fixed',
      '2026-01-01T00:00:00.000Z',
      MAX_LITERAL_PAGES + 1,
    ]);
  });
});
