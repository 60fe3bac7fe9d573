import { type SQL, sql } from 'drizzle-orm';
import { containsPattern } from './like-pattern.ts';
import { REMEMBERED_FROM } from './search-totals.ts';

/**
 * Rows whose `columns` (trigram-indexed) contain `term`, in the form that suits how many rows match.
 * As plain ILIKEs the planner may read the columns' trigram indexes: right for a rare term. When the
 * search is `common` (its total was counted at REMEMBERED_FROM or more, search-totals.ts) the columns
 * sit inside coalesce(), which no index holds, so the list's time index is walked newest first and
 * stops at the page. The planner alone picks from the columns' 100-bucket histograms, and a term in
 * ~2% of rows can miss every bucket: estimated at ~100 rows, its page then sorted every match (coins
 * "ann" on the PGlite 1m set: 420 ms against 8 ms). A search's first request, whose total is not known
 * yet, takes the form its count calls for (pageForCount).
 */
export function containsTerm(columns: SQL[], term: string, common: boolean): SQL {
  const pattern = containsPattern(term);
  const tests = columns.map((column) =>
    common ? sql`coalesce(${column}, '') ilike ${pattern}` : sql`${column} ilike ${pattern}`,
  );
  return sql`(${sql.join(tests, sql` or `)})`;
}

/** The count a statement made first of a search whose total was not known (withSearchCount). */
const COUNTED = sql.raw('(select total from counted)');
const COMMON_FROM = sql.raw(String(REMEMBERED_FROM));

/** `statement`, with `count` (a search's capped count) made once first, for pageForCount and the total. */
export const withSearchCount = (count: SQL, statement: (counted: SQL) => SQL): SQL =>
  sql`with counted as materialized (select ${count}::bigint as total) ${statement(COUNTED)}`;

/**
 * A search's page while its total is not known: `page(common)` in both of containsTerm's forms, each
 * behind a test of the count the statement made first (withSearchCount). PostgreSQL plans both and
 * runs only the one whose one-time filter holds, so a common term walks the list's time index from
 * its first request, whatever its estimate (coins "ann" on the PGlite 1m set: 437 ms → 2 ms, after
 * a ~60 ms count).
 */
export function pageForCount(page: (common: boolean) => SQL): SQL {
  return sql`select * from (${page(true)}) common_form where ${COUNTED} >= ${COMMON_FROM}
    union all
    select * from (${page(false)}) rare_form where ${COUNTED} < ${COMMON_FROM}`;
}
