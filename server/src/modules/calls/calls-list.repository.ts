import type { CallRow, ListCallsQuery } from '@switchboard/contract/calls';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor.ts';
import { literalPageOf, queryListPage } from '../../db/named-statement.ts';
import { queryRows } from '../../db/query-rows.ts';
import { COUNT_CAP } from '../../db/row-counts.ts';
import {
  containsTerm,
  type KnownSearch,
  knownSearch,
  pageForCount,
  type SearchForm,
  withSearchCount,
} from '../../db/search-filter.ts';
import { searchTotal } from '../../db/search-totals.ts';
import { rangeConditions } from './call-range.ts';
import { CALL_COLUMNS as COLUMNS, type RawCall, toRow } from './call-row.ts';

/** What narrows the list and the CSV: the search, the selects and the time range. */
export type CallFilter = Pick<
  ListCallsQuery,
  'search' | 'status' | 'type' | 'range' | 'from' | 'to' | 'quality' | 'flag' | 'verdict'
>;
/** Flagged calls only (calls_quality_flagged_idx's predicate, so the filter walks that index). */
const FLAGGED = sql.raw(`quality_flags <> '{}'::text[]`);
const qualityFiltered = (filter: CallFilter) => filter.quality === 'poor' || filter.flag !== undefined;
/** A filter without a counter of its own: its calls are counted over the index, up to the cap. */
const uncounted = (filter: CallFilter) =>
  filter.range !== 'all' || qualityFiltered(filter) || filter.verdict !== undefined;

function conditions(filter: CallFilter, after: [string, string] | undefined): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.status !== 'all') parts.push(sql`status = ${filter.status}`);
  if (filter.type !== 'all') parts.push(sql`type = ${filter.type}`);
  parts.push(...rangeConditions(filter));
  if (qualityFiltered(filter)) parts.push(FLAGGED);
  if (filter.flag) parts.push(sql`quality_flags @> array[${filter.flag}]::text[]`);
  // The judged calls with this verdict (call_verdicts_verdict_idx), a small set beside the calls.
  if (filter.verdict)
    parts.push(sql`id in (select call_id from call_verdicts where verdict = ${filter.verdict})`);
  if (after) parts.push(sql`(started_at, id) < (${after[0]}::timestamptz, ${after[1]}::bigint)`);
  return sql.join(parts, sql` and `);
}

/**
 * Spelled as the indexes are declared (Drizzle's desc() indexes are NULLS LAST, while ORDER BY ... DESC
 * means NULLS FIRST): otherwise PostgreSQL sorts every matching call instead of reading the index.
 */
const NEWEST_FIRST = sql.raw('started_at desc nulls last, id desc nulls last');

/** The names the row shows, caller or callee (the names when the call was placed); see containsTerm. */
const partyNamed = (search: string, form: SearchForm): SQL =>
  containsTerm([sql.raw('caller_username'), sql.raw('callee_username')], search, form);

function searchedCalls(filter: CallFilter, after: [string, string] | undefined, form: SearchForm): SQL {
  return sql`select ${sql.raw(COLUMNS)} from calls
    where ${conditions(filter, after)} and ${partyNamed(filter.search, form)}
    order by ${NEWEST_FIRST}`;
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
 * takes `known`, the same search's total counted a moment ago (knownSearch), which also says the
 * search is common (containsTerm), or counts at most COUNT_CAP + 1 matches first and pages in the
 * form the count calls for (pageForCount).
 * bench/calls-scenarios.ts runs this same statement on the driver.
 */
export function callsPageQuery(query: ListQuery, known?: KnownSearch): SQL {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const offset = after ? 0 : (query.page - 1) * query.limit;
  const page = (source: SQL) => sql`${source} limit ${query.limit} offset ${offset}`;
  if (!query.search) return withTotal(totalOf(query), page(plainCalls(query, after)));
  if (known) return withTotal(known.total, page(searchedCalls(query, after, known.form)));
  return withSearchCount(totalOf(query), (counted) =>
    withTotal(
      counted,
      pageForCount((form) => page(searchedCalls(query, after, form))),
    ),
  );
}

/** The total's one row, joined to the page's rows (none: the total's row alone, its call columns null). */
const withTotal = (total: SQL, rows: SQL) =>
  sql`select t.total, p.* from (select ${total}::bigint as total) t left join (${rows}) p on true`;

export async function listCalls(db: Executor, query: ListQuery): Promise<CallsPageResult> {
  const { search, status, type, range, from, to, quality, flag, verdict } = query;
  const remembered = searchTotal(db, 'calls', {
    search,
    status,
    type,
    range,
    from,
    to,
    quality,
    flag,
    verdict,
  });
  // A custom range's bounds change with every request: as literals each would be a plan of its own.
  const literal = query.range === 'custom' ? undefined : literalPageOf(query);
  const known = knownSearch(search, remembered.known, literal);
  const raw = await queryListPage<RawCall & { total: string | number }>(db, callsPageQuery(query, known), {
    searched: Boolean(search),
    literal,
    placeholders: known?.placeholders,
  });
  const counted = Number(raw[0]?.total ?? 0);
  remembered.counted(counted);
  // An empty page is the total's row alone, its call columns null.
  const rows = raw[0]?.id === null ? [] : raw;
  const last = rows.length === query.limit ? rows.at(-1) : undefined;
  const capped = (query.search !== '' || uncounted(query)) && counted > COUNT_CAP;
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
  if (!filter.search && uncounted(filter))
    return sql`(select count(*) from (select 1 from calls where ${conditions(filter, undefined)}
        limit ${COUNT_CAP + 1}) s)`;
  if (!filter.search)
    return sql`(select coalesce(sum(n), 0) from row_counts where counter = ${counterName(filter)})`;
  return sql`(select count(*) from (select 1 from calls
        where ${conditions(filter, undefined)} and ${partyNamed(filter.search, 'rare')}
        limit ${COUNT_CAP + 1}) s)`;
}

/** Up to `batch` rows of the filtered list after the cursor: what the CSV export streams, batch by batch. */
export async function callsBatch(
  db: Executor,
  filter: CallFilter,
  after: [string, string] | undefined,
  batch: number,
): Promise<{ rows: CallRow[]; last: [string, string] | undefined }> {
  const source = filter.search ? searchedCalls(filter, after, 'rare') : plainCalls(filter, after);
  const raw = await queryRows<RawCall>(db, sql`${source} limit ${batch}`);
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
