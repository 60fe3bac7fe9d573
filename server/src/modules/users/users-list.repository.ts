import type { AdminUserRow, ListUsersQuery } from '@switchboard/contract/users';
import { and, eq, ilike, isNotNull, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { preparedPer } from '../../db/prepared-statement.ts';
import { countUpToCap, readCounters } from '../../db/row-counts.ts';
import { users } from '../../db/schema/users.ts';
import { toUserRow, userRowColumns } from './user-row.ts';

function listFilter({ search, status }: Pick<ListUsersQuery, 'search' | 'status'>): SQL | undefined {
  const pattern = containsPattern(search);
  const matchesSearch = search
    ? or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.fullName, pattern))
    : undefined;
  const matchesStatus = {
    all: undefined,
    online: eq(users.isOnline, true),
    offline: eq(users.isOnline, false),
    admin: eq(users.isAdmin, true),
    deleted: undefined,
  }[status];
  const deleted = status === 'deleted' ? isNotNull(users.deletedAt) : isNull(users.deletedAt);
  return and(deleted, matchesSearch, matchesStatus);
}

/** The counter that holds the unsearched total of each status filter (kept by the users_counts_* triggers). */
const STATUS_COUNTERS = {
  all: 'users.total',
  online: 'users.online',
  offline: 'users.offline',
  admin: 'users.admins',
  deleted: 'users.deleted',
} as const satisfies Record<ListUsersQuery['status'], string>;

/**
 * One page, newest first, as a LIMIT over the (created_at desc nulls last, id desc nulls last) index (the ORDER BY
 * must say NULLS LAST like the index, or PostgreSQL sorts every row): after the cursor
 * when there is one, else at an OFFSET. Totals never count the table: an unsearched list reads its
 * counter, a search counts at most COUNT_CAP + 1 matches.
 */
export async function listUsers(
  db: Executor,
  query: ListUsersQuery,
): Promise<{ rows: AdminUserRow[]; total: number; totalCapped: boolean; nextCursor: string | null }> {
  const where = listFilter(query);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const offset = after ? 0 : (query.page - 1) * query.limit;
  // Paging through an unsearched list (what the Users screen opens on) reuses a prepared statement.
  const pageRows =
    query.search || after
      ? pageQuery(db, where, after, query.limit, offset)
      : UNSEARCHED_PAGES[query.status](db).execute({ limit: query.limit, offset });
  const [page, total] = await Promise.all([pageRows, countUsers(db, query, where)]);
  const last = page.length === query.limit ? page.at(-1) : undefined;
  return {
    rows: page.map(({ sort_key: _, ...row }) => toUserRow(row)),
    ...total,
    nextCursor: last ? encodeCursor(last.sort_key, last.id) : null,
  };
}

function pageQuery(
  db: Executor,
  where: SQL | undefined,
  after: [string, string] | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  return db
    .select({ ...userRowColumns, sort_key: sql<string>`${users.createdAt}::text` })
    .from(users)
    .where(
      and(where, after && sql`(${users.createdAt}, ${users.id}) < (${after[0]}::timestamptz, ${after[1]})`),
    )
    .orderBy(sql`${users.createdAt} desc nulls last`, sql`${users.id} desc nulls last`)
    .limit(limit)
    .offset(offset);
}

const unsearchedPage = (status: ListUsersQuery['status']) =>
  preparedPer((db) =>
    pageQuery(
      db,
      listFilter({ status, search: '' }),
      undefined,
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ).prepare(`users_page_${status}`),
  );
const UNSEARCHED_PAGES = {
  all: unsearchedPage('all'),
  online: unsearchedPage('online'),
  offline: unsearchedPage('offline'),
  admin: unsearchedPage('admin'),
  deleted: unsearchedPage('deleted'),
} satisfies Record<ListUsersQuery['status'], unknown>;

async function countUsers(
  db: Executor,
  query: ListUsersQuery,
  where: SQL | undefined,
): Promise<{ total: number; totalCapped: boolean }> {
  if (!query.search) {
    const counter = STATUS_COUNTERS[query.status];
    const counts = await readCounters(db, [counter]);
    return { total: counts[counter], totalCapped: false };
  }
  return countUpToCap(db, users, where);
}
