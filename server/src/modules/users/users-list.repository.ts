import type { AdminUserRow, ListUsersQuery } from '@switchboard/contract/users';
import { and, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { literalPageOf, queryNamedText, queryText } from '../../db/named-statement.ts';
import { COUNT_CAP, cappedTotal } from '../../db/row-counts.ts';
import { coinAccounts } from '../../db/schema/coins.ts';
import { rowCounts } from '../../db/schema/counters.ts';
import { users } from '../../db/schema/users.ts';
import { searchTotal } from '../../db/search-totals.ts';
import { statementShapes, type ValuesOrPlaceholders } from '../../db/statement-shapes.ts';
import { isoTimestamp } from '../../db/timestamp-text.ts';
import { activeNowOfU } from './active-now.ts';
import type { UserRecord } from './user-row.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether and how the list is searched: by name (ILIKE), or also by id when the term is a UUID. */
type SearchKind = '' | 'name' | 'name-or-id';
const searchKind = (search: string | undefined): SearchKind =>
  search ? (UUID.test(search) ? 'name-or-id' : 'name') : '';

/** A page's parameters: all that differs between two requests of one shape (usersPageShape). */
type PageValues = {
  knownTotal: number;
  pattern: string;
  id: string;
  createdBefore: string;
  idBefore: string;
  limit: number;
  offset: number;
};

/** A page request: the query, and the total of its search when it was counted a moment ago (search-totals.ts). */
type PageRequest = ListUsersQuery & { knownTotal?: number | undefined };

function pageValues(query: PageRequest): PageValues {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  return {
    knownTotal: query.knownTotal ?? 0,
    pattern: query.search ? containsPattern(query.search) : '',
    id: query.search?.toLowerCase() ?? '',
    createdBefore: after?.[0] ?? '',
    idBefore: after?.[1] ?? '',
    limit: query.limit,
    offset: after ? 0 : (query.page - 1) * query.limit,
  };
}

/** What decides the statement's text: the status filter, the kind of search, keyset or offset, a known total. */
const usersPageShape = (query: PageRequest) =>
  `${query.status}|${searchKind(query.search)}|${query.cursor ? 'keyset' : 'offset'}|${query.knownTotal === undefined ? 'count' : 'known'}`;

function listFilter(
  status: ListUsersQuery['status'],
  search: SearchKind,
  v: ValuesOrPlaceholders<PageValues>,
): SQL | undefined {
  const matchesSearch = search
    ? or(
        ilike(users.username, v.pattern),
        ilike(users.email, v.pattern),
        ilike(users.fullName, v.pattern),
        // A pasted id finds its user (the primary key), whatever the names hold.
        search === 'name-or-id' ? eq(users.id, v.id) : undefined,
      )
    : undefined;
  const matchesStatus = {
    all: undefined,
    online: eq(users.isOnline, true),
    offline: eq(users.isOnline, false),
    admin: eq(users.isAdmin, true),
    // Written like users_suspended_idx's predicate so the planner uses it; an ended suspension drops out.
    suspended: sql`not ${users.isActive} and not coalesce(${users.suspendedUntil} <= now(), false)`,
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
} as const satisfies Record<Exclude<ListUsersQuery['status'], 'suspended'>, string>;

/** Filters without a counter: few rows, counted like a search (up to COUNT_CAP + 1) over their index. */
const countedFilter = (query: ListUsersQuery) => Boolean(query.search) || query.status === 'suspended';

/** A page row as PostgreSQL sends it, beside the total every row of the answer repeats. */
type RawUserRow = Omit<UserRecord, 'created_at' | 'last_login' | 'deleted_at' | CoinFigure> &
  Record<CoinFigure, string | number> & {
    total: string | number;
    created_at: string | Date;
    last_login: string | Date | null;
    deleted_at: string | Date | null;
    sort_key: string;
  };
type CoinFigure = 'coin_balance' | 'total_earned' | 'total_spent';

/**
 * One page, newest first, and its total in one statement. The page is a LIMIT over the
 * (created_at desc nulls last, id desc nulls last) index (the ORDER BY must say NULLS LAST like the
 * index, or PostgreSQL sorts every row): after the cursor when there is one, else at an OFFSET.
 * Only the page's ids are walked past the OFFSET; the rows and their coin figures are read for the
 * page alone. Totals never count the table: an unsearched list reads its counter, a search counts at
 * most COUNT_CAP + 1 matches, unless the same search was counted a moment ago (search-totals.ts).
 * bench/scenarios.ts runs this same statement on the driver.
 */
export const usersPageQuery = (query: ListUsersQuery): SQL => usersPageStatement(query, pageValues(query));

/** The page's statement for the query's shape, each value as given: the request's, or a placeholder. */
function usersPageStatement(query: PageRequest, v: ValuesOrPlaceholders<PageValues>): SQL {
  const where = listFilter(query.status, searchKind(query.search), v);
  const keyset = query.cursor
    ? sql`(${users.createdAt}, ${users.id}) < (${v.createdBefore}::timestamptz, ${v.idBefore})`
    : undefined;
  const total =
    query.knownTotal !== undefined
      ? sql`${v.knownTotal}`
      : query.search || query.status === 'suspended'
        ? sql`(select count(*) from (select 1 from ${users} where ${where} limit ${COUNT_CAP + 1}) c)`
        : sql`(select coalesce(sum(n), 0) from ${rowCounts} where counter = ${STATUS_COUNTERS[query.status]})`;
  return sql`select t.total, p.* from (select ${total}::bigint as total) t left join (
      select u.id, u.username, u.email, u.full_name, u.is_online, u.is_admin, u.is_root_admin,
        u.admin_role_id, ${activeNowOfU} as is_active, u.deleted_at,
        coalesce(a.balance, 0) as coin_balance, coalesce(a.total_earned, 0) as total_earned,
        coalesce(a.total_spent, 0) as total_spent, u.created_at, u.last_login, u.created_at::text as sort_key
      from (select ${users.id} from ${users} where ${and(where, keyset)} ${NEWEST_FIRST}
        limit ${v.limit} offset ${v.offset}) page
      join ${users} u on u.id = page.id
      left join ${coinAccounts} a on a.user_id = u.id
    ) p on true
    order by p.created_at desc nulls last, p.id desc nulls last`;
}

/**
 * The page's statement as it is sent: rendered once per shape, a request only fills in its values;
 * a first or numbered page goes with its values written in (queryListPage). Unsearched pages are prepared.
 */
export const usersPage = statementShapes({
  shape: usersPageShape,
  values: pageValues,
  build: usersPageStatement,
  // A search's term is the user's own text, not one of the screen's fixed choices.
  literal: (query) => (query.search ? undefined : literalPageOf(query)),
});

const NEWEST_FIRST = sql`order by ${users.createdAt} desc nulls last, ${users.id} desc nulls last`;

export async function listUsers(
  db: Executor,
  query: ListUsersQuery,
): Promise<{ rows: AdminUserRow[]; total: number; totalCapped: boolean; nextCursor: string | null }> {
  const { search, status } = query;
  const remembered = searchTotal(db, 'users', { search, status });
  const statement = usersPage({ ...query, knownTotal: remembered.known });
  // A search goes unprepared: its pattern decides the plan.
  const raw = await (query.search
    ? queryText<RawUserRow>(db, statement)
    : queryNamedText<RawUserRow>(db, statement));
  const counted = Number(raw[0]?.total ?? 0);
  remembered.counted(counted);
  // An empty page is the total's row alone, its user columns null.
  const page = raw[0]?.id === null ? [] : raw;
  const last = page.length === query.limit ? page.at(-1) : undefined;
  const { total, totalCapped } = countedFilter(query)
    ? cappedTotal(counted)
    : { total: counted, totalCapped: false };
  return {
    rows: page.map(toListRow),
    total,
    totalCapped,
    nextCursor: last ? encodeCursor(last.sort_key, last.id) : null,
  };
}

/** Field by field rather than a rest and a spread of the row: a third of the CPU, for the same answer. */
const toListRow = (r: RawUserRow): AdminUserRow => ({
  id: r.id,
  username: r.username,
  email: r.email,
  full_name: r.full_name,
  is_online: r.is_online,
  is_admin: r.is_admin,
  is_root_admin: r.is_root_admin,
  admin_role_id: r.admin_role_id,
  is_active: r.is_active,
  deleted_at: r.deleted_at === null ? null : isoTimestamp(r.deleted_at),
  coin_balance: Number(r.coin_balance),
  total_earned: Number(r.total_earned),
  total_spent: Number(r.total_spent),
  created_at: isoTimestamp(r.created_at),
  last_login: r.last_login === null ? null : isoTimestamp(r.last_login),
});
