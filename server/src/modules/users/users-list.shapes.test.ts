import { ListUsersQuery } from '@switchboard/contract/users';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { literalPageOf } from '../../db/named-statement.ts';
import { literalText } from '../../db/rendered-once.ts';
import { usersPage, usersPageQuery } from './users-list.repository.ts';

const dialect = new PgDialect();
const cursor = Buffer.from(
  JSON.stringify(['2025-01-01 10:00:00.123456+00', 'ffffffff-ffff-ffff-ffff-ffffffffffff']),
).toString('base64url');

/** Every shape of the list (status, kind of search, keyset or offset), each with two sets of values. */
const queries = ['all', 'online', 'offline', 'admin', 'suspended', 'deleted'].flatMap((status) =>
  [undefined, 'son', "O'Brien%_\\", '0B7E5A1C-3F5D-4C89-9D7E-2A1B3C4D5E6F'].flatMap((search) =>
    [{ page: '1' }, { page: '3' }, { page: '7', cursor }].flatMap((paging) =>
      ['10', '25'].map((limit) =>
        ListUsersQuery.parse({ status, ...(search ? { search } : {}), ...paging, limit }),
      ),
    ),
  ),
);

describe('the users page statement, rendered once per shape', () => {
  it('is the text and parameters Drizzle renders from the query, whichever shape came first', () => {
    // Twice over in a shuffled order: each shape is first met with one set of values, then reused.
    const order = [...queries, ...queries].sort(() => Math.random() - 0.5);
    for (const query of order) {
      const drizzle = dialect.sqlToQuery(usersPageQuery(query));
      const expected =
        literalPageOf(query) && !query.search
          ? { sql: literalText(usersPageQuery(query)), params: [] }
          : { sql: drizzle.sql, params: drizzle.params };
      expect(usersPage(query), JSON.stringify(query)).toEqual(expected);
    }
  });

  it("writes a first page's and a numbered page's values in, and never a search term", () => {
    const first = usersPage(ListUsersQuery.parse({ status: 'admin', limit: '10' }));
    expect(first.params).toEqual([]);
    expect(first.sql).toContain('limit 10 offset 0');
    const numbered = usersPage(ListUsersQuery.parse({ status: 'admin', page: '150', limit: '10' }));
    expect(numbered.params).toEqual([]);
    expect(numbered.sql).toContain('limit 10 offset 1490');
    const searched = usersPage(ListUsersQuery.parse({ search: 'son', limit: '10' }));
    expect(searched.sql).not.toContain('son');
    expect(searched.params).toContain('%son%');
  });
});
