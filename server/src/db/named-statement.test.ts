import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/use-test-database.ts';
import { claimLiteralPage, MAX_LITERAL_PAGES, queryListPage, queryNamed } from './named-statement.ts';

describe('queryNamed', () => {
  const database = useTestDatabase();

  it('answers like the unprepared statement, the first time and when it reuses the prepared one', async () => {
    const db = database.handle.db;
    const statement = (n: number, word: string) => sql`select ${n}::int + 1 as n, ${word}::text as word`;
    expect(await queryNamed(db, statement(1, 'one'))).toEqual([{ n: 2, word: 'one' }]);
    expect(await queryNamed(db, statement(41, 'forty-one'))).toEqual([{ n: 42, word: 'forty-one' }]);
  });

  it('passes a quoted value through as data, never as SQL', async () => {
    const db = database.handle.db;
    await db.execute(sql`create table named_statement_probe (id int)`);
    const hostile = "x'); drop table named_statement_probe; --";
    const rows = await queryNamed<{ word: string }>(db, sql`select ${hostile}::text as word`);
    expect(rows).toEqual([{ word: hostile }]);
    await queryNamed(db, sql`select ${hostile}::text as word`);
    expect(await db.execute(sql`select count(*)::int as n from named_statement_probe`)).toMatchObject({
      rows: [{ n: 0 }],
    });
  });

  it('prepares a statement again when the session has dropped it', async () => {
    const db = database.handle.db;
    const statement = sql`select ${7}::int as n`;
    expect(await queryNamed(db, statement)).toEqual([{ n: 7 }]);
    if (database.handle.kind === 'pglite') await db.execute(sql`deallocate all`);
    expect(await queryNamed(db, statement)).toEqual([{ n: 7 }]);
  });
});

describe('queryListPage', () => {
  const database = useTestDatabase();

  it('answers a fixed first page with its values written in exactly as with parameters', async () => {
    const db = database.handle.db;
    const page = (filter: string, limit: number) =>
      sql`select w from (values ('a'), ('it''s'), ('b'), ('it''s')) v(w) where w <> ${filter} order by w limit ${limit}`;
    for (const [filter, limit] of [
      ["it's", 5],
      ['a', 2],
      ['a', 3],
    ] as const) {
      const withParameters = await queryListPage(db, page(filter, limit), { searched: false });
      const withLiterals = await queryListPage(db, page(filter, limit), {
        searched: false,
        literal: 'first',
      });
      expect(withLiterals).toEqual(withParameters);
      expect(withLiterals.length).toBeGreaterThan(0);
    }
  });

  it('writes a negative value in so that a minus sign before it stays arithmetic', async () => {
    const db = database.handle.db;
    for (const value of [-5, -5n]) {
      const rows = await queryListPage<{ n: number }>(db, sql`select (10-${value})::int as n`, {
        searched: false,
        literal: 'first',
      });
      expect(rows).toEqual([{ n: 15 }]);
    }
  });

  it('gives numbered pages a budget of literal texts of their own, so page numbers never crowd out first pages', () => {
    for (let page = 2; page < MAX_LITERAL_PAGES + 10; page++)
      claimLiteralPage(`select * from t limit 10 offset ${page * 10} -- budget test`, 'numbered');
    expect(claimLiteralPage('select 1 -- a numbered page past the budget', 'numbered')).toBe(false);
    expect(claimLiteralPage('select 1 -- a first page after them', 'first')).toBe(true);
  });

  it('refuses a prepared search page whose placeholder was given no value, instead of matching nothing', async () => {
    const db = database.handle.db;
    const page = sql`select w from (values ('anna'), ('bob')) v(w) where w ilike (select ${sql.placeholder('pattern')}::text)`;
    expect(
      await queryListPage(db, page, { searched: true, literal: 'first', placeholders: { pattern: '%ann%' } }),
    ).toEqual([{ w: 'anna' }]);
    await expect(
      queryListPage(db, page, { searched: true, literal: 'first', placeholders: {} }),
    ).rejects.toThrow('no value');
  });

  it('keeps answering once more first-page shapes have come than it writes literals for', async () => {
    const db = database.handle.db;
    for (let n = 0; n < MAX_LITERAL_PAGES + 5; n++) {
      const rows = await queryListPage<{ n: number }>(db, sql`select ${n}::int as n`, {
        searched: false,
        literal: 'first',
      });
      expect(rows).toEqual([{ n }]);
    }
  });
});
