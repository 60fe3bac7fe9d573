import type { CallRow, ListCallsQuery } from '@switchboard/contract/calls';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor.ts';
import { isFirstPage, queryListPage } from '../../db/named-statement.ts';
import { queryRows } from '../../db/query-rows.ts';
import { COUNT_CAP } from '../../db/row-counts.ts';
import { searchTotal } from '../../db/search-totals.ts';
import { usernameMatches } from '../users/username-matches.ts';
import { rangeConditions } from './call-range.ts';
import { CALL_COLUMNS as COLUMNS, type RawCall, toRow } from './call-row.ts';

/** What narrows the list and the CSV: the search, the selects and the time range. */
export type CallFilter = Pick<
  ListCallsQuery,
  'search' | 'status' | 'type' | 'range' | 'from' | 'to' | 'quality' | 'flag'
>;
/** Flagged calls only (calls_quality_flagged_idx's predicate, so the filter walks that index). */
const FLAGGED = sql.raw(`quality_flags <> '{}'::text[]`);
const qualityFiltered = (filter: CallFilter) => filter.quality === 'poor' || filter.flag !== undefined;

function conditions(filter: CallFilter, after: [string, string] | undefined): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.status !== 'all') parts.push(sql`status = ${filter.status}`);
  if (filter.type !== 'all') parts.push(sql`type = ${filter.type}`);
  parts.push(...rangeConditions(filter));
  if (qualityFiltered(filter)) parts.push(FLAGGED);
  if (filter.flag) parts.push(sql`quality_flags @> array[${filter.flag}]::text[]`);
  if (after) parts.push(sql`(started_at, id) < (${after[0]}::timestamptz, ${after[1]}::bigint)`);
  return sql.join(parts, sql` and `);
}

/**
 * Spelled as the indexes are declared (Drizzle's desc() indexes are NULLS LAST, while ORDER BY ... DESC
 * means NULLS FIRST): otherwise PostgreSQL sorts every matching call instead of reading the index.
 */
const NEWEST_FIRST = sql.raw('started_at desc nulls last, id desc nulls last');

/** Up to this many matching users, a search walks each one's calls; beyond it, calls in time order. */
const LATERAL_USERS = 200;

/**
 * The users a search matches, once per statement: the page and the total both read `m`, which
 * searchedCalls and totalOf name. Without a search `m` is never read.
 */
const withMatches = (filter: CallFilter, statement: SQL): SQL =>
  filter.search ? sql`with m as materialized (${usernameMatches(filter.search)}) ${statement}` : statement;

/**
 * The calls a search matches (`m`, see withMatches), newest first. For a rare name: per matching user, the top `perUser`
 * calls where they called and where they were called, each a LIMIT over (caller_id|callee_id,
 * started_at desc, id desc). For a common one (more than LATERAL_USERS users) that would sort
 * thousands of rows, while about one call in ten matches: the started_at index is read newest first
 * and each row is checked against the matching ids (a hashed set), stopping at the page.
 * A call between two matching users appears once either way.
 */
function searchedCalls(
  filter: CallFilter,
  after: [string, string] | undefined,
  perUser: number,
  manyUsers: boolean,
): SQL {
  const where = conditions(filter, after);
  if (manyUsers)
    return sql`select ${sql.raw(COLUMNS)} from calls where ${where}
      and (caller_id in (select id from m) or callee_id in (select id from m))
      order by ${NEWEST_FIRST}`;
  const side = (column: string) => sql`(select ${sql.raw(COLUMNS)} from calls
      where ${sql.raw(column)} = m.id and ${where}
      order by ${NEWEST_FIRST} limit ${perUser})`;
  return sql`select distinct on (c.started_at, c.id) c.* from m
    cross join lateral (${side('caller_id')} union all ${side('callee_id')}) c
    order by c.started_at desc nulls last, c.id desc nulls last`;
}

/** How many users the search matches, up to LATERAL_USERS + 1: what picks the search's plan. */
export const matchingUsersQuery = (search: string) =>
  sql`select count(*) as n from (select 1 from (${usernameMatches(search)}) m limit ${LATERAL_USERS + 1}) c`;

/** Whether more than LATERAL_USERS users match: the search then walks calls in time order. */
export async function manyMatchingUsers(db: Executor, search: string): Promise<boolean> {
  const [row] = await queryRows<{ n: string | number }>(db, matchingUsersQuery(search));
  return Number(row?.n ?? 0) > LATERAL_USERS;
}

function plainCalls(filter: CallFilter, after: [string, string] | undefined): SQL {
  return sql`select ${sql.raw(COLUMNS)} from calls where ${conditions(filter, after)}
    order by ${NEWEST_FIRST}`;
}

export interface CallsPageResult {
  rows: CallRow[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}

type ListQuery = Omit<ListCallsQuery, 'search'> & { search: string };

/**
 * One page, newest first, and its total in one statement: the page after the cursor when there is
 * one, else at an OFFSET. Totals never count calls: an unsearched list reads its counter, a search
 * counts at most COUNT_CAP + 1 matches, or takes `knownTotal`, the same search's total counted a
 * moment ago (search-totals.ts). `manyUsers` is manyMatchingUsers' answer for the search.
 * bench/calls-scenarios.ts runs this same statement on the driver.
 */
export function callsPageQuery(query: ListQuery, manyUsers: boolean, knownTotal?: number): SQL {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const offset = after ? 0 : (query.page - 1) * query.limit;
  const source = query.search
    ? searchedCalls(query, after, offset + query.limit, manyUsers)
    : plainCalls(query, after);
  return withMatches(
    query,
    sql`select t.total, p.* from (select ${knownTotal ?? totalOf(query)}::bigint as total) t
    left join (${source} limit ${query.limit} offset ${offset}) p on true`,
  );
}

export async function listCalls(db: Executor, query: ListQuery): Promise<CallsPageResult> {
  const many = query.search ? await manyMatchingUsers(db, query.search) : false;
  const ranged = query.range !== 'all';
  const { search, status, type, range, from, to, quality, flag } = query;
  const remembered = searchTotal(db, 'calls', { search, status, type, range, from, to, quality, flag });
  const raw = await queryListPage<RawCall & { total: string | number }>(
    db,
    callsPageQuery(query, many, remembered.known),
    {
      searched: Boolean(query.search),
      // A custom range's bounds change with every request: as literals each would be a plan of its own.
      fixedFirstPage: isFirstPage(query) && query.range !== 'custom',
    },
  );
  const counted = Number(raw[0]?.total ?? 0);
  remembered.counted(counted);
  // An empty page is the total's row alone, its call columns null.
  const rows = raw[0]?.id === null ? [] : raw;
  const last = rows.length === query.limit ? rows.at(-1) : undefined;
  const capped = (query.search !== '' || ranged || qualityFiltered(query)) && counted > COUNT_CAP;
  return {
    rows: rows.map(toRow),
    total: capped ? COUNT_CAP : counted,
    totalCapped: capped,
    nextCursor: last ? encodeCursor(last.sort_key, String(last.id)) : null,
  };
}

/** The counter holding each unsearched filter's total (kept by the calls_row_counts triggers). */
export function counterName({ status, type }: Pick<CallFilter, 'status' | 'type'>): string {
  if (status === 'all') return type === 'all' ? 'calls.total' : `calls.type.${type}`;
  return type === 'all' ? `calls.status.${status}` : `calls.${status}.${type}`;
}

function totalOf(filter: CallFilter): SQL {
  // A range or a quality filter has no counter: its calls are counted over the index, up to the cap.
  if (!filter.search && (filter.range !== 'all' || qualityFiltered(filter)))
    return sql`(select count(*) from (select 1 from calls where ${conditions(filter, undefined)}
        limit ${COUNT_CAP + 1}) s)`;
  if (!filter.search)
    return sql`(select coalesce(sum(n), 0) from row_counts where counter = ${counterName(filter)})`;
  // Each call once without sorting: every call whose caller matches, then those whose callee
  // matches and caller does not; the LIMIT stops the walk at the cap.
  const where = conditions(filter, undefined);
  return sql`(select count(*) from (
        select 1 from m cross join lateral (select 1 from calls where caller_id = m.id and ${where}) a
        union all
        select 1 from m cross join lateral (select 1 from calls c where callee_id = m.id and ${where}
          and not exists (select 1 from m m2 where m2.id = c.caller_id)) b
        limit ${COUNT_CAP + 1}) s)`;
}

/** Up to `batch` rows of the filtered list after the cursor: what the CSV export streams, batch by batch. */
export async function callsBatch(
  db: Executor,
  filter: CallFilter,
  after: [string, string] | undefined,
  batch: number,
): Promise<{ rows: CallRow[]; last: [string, string] | undefined }> {
  const many = filter.search ? await manyMatchingUsers(db, filter.search) : false;
  const source = filter.search ? searchedCalls(filter, after, batch, many) : plainCalls(filter, after);
  const raw = await queryRows<RawCall>(db, withMatches(filter, sql`${source} limit ${batch}`));
  const lastRow = raw.at(-1);
  return { rows: raw.map(toRow), last: lastRow && [lastRow.sort_key, String(lastRow.id)] };
}

/** Ended calls over the started_at index; the few live rows it skips are the newest. */
export async function pastCalls(db: Executor, limit: number, offset: number): Promise<CallRow[]> {
  const raw = await queryRows<RawCall>(
    db,
    sql`select ${sql.raw(COLUMNS)} from calls where status not in ('ringing', 'active')
      order by ${NEWEST_FIRST} limit ${limit} offset ${offset}`,
  );
  return raw.map(toRow);
}
