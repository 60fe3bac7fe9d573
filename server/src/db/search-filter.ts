import { type SQL, sql } from 'drizzle-orm';
import { containsPattern } from './like-pattern.ts';
import type { LiteralPage } from './named-statement.ts';
import { REMEMBERED_FROM } from './search-totals.ts';

/**
 * How a search's rows are matched. `rare`: plain ILIKEs, so the planner may read the columns' trigram
 * indexes. `common` (the search's total was counted at REMEMBERED_FROM or more, search-totals.ts): the
 * columns sit inside coalesce(), which no index holds, so the list's time index is walked newest first
 * and stops at the page. `prepared`: the common form with its pattern the placeholder SEARCH_PATTERN,
 * for a page sent as a prepared statement (knownSearch).
 */
export type SearchForm = 'rare' | 'common' | 'prepared';

/** The placeholders of a prepared common search's page (named-statement.ts, queryListPage). */
export const SEARCH_PATTERN = 'search_pattern';
const KNOWN_TOTAL = 'known_total';

/** A search whose total was counted a moment ago (search-totals.ts), as its page is sent. */
export interface KnownSearch {
  /** How its rows are matched: it is common, as its total was remembered. */
  form: 'common' | 'prepared';
  /** The total in the statement: a value, or for a prepared page a placeholder, so a new count is not a new statement. */
  total: SQL;
  /** queryListPage's placeholders, for a prepared page. */
  placeholders?: Record<string, unknown>;
}

/**
 * A list request's remembered search (`knownTotal` from searchTotal), or undefined while it is not
 * known. Its first page, whose other values are all written in (`literal`), goes prepared with the
 * pattern and the total as placeholders; any other page in the common form, with values.
 */
export function knownSearch(
  term: string,
  knownTotal: number | undefined,
  literal: LiteralPage | undefined,
): KnownSearch | undefined {
  if (knownTotal === undefined) return undefined;
  if (literal !== 'first') return { form: 'common', total: sql`${knownTotal}` };
  return {
    form: 'prepared',
    total: sql`${sql.placeholder(KNOWN_TOTAL)}`,
    placeholders: { [SEARCH_PATTERN]: containsPattern(term), [KNOWN_TOTAL]: knownTotal },
  };
}

/**
 * Rows whose `columns` (trigram-indexed) contain `term`, in `form` (SearchForm). The planner alone picks
 * from the columns' 100-bucket histograms, and a term in ~2% of rows can miss every bucket: estimated at
 * ~100 rows, its page then sorted every match (coins "ann" on the PGlite 1m set: 420 ms against 8 ms
 * walking the time index). A search's first request, whose total is not known yet, takes the form its
 * count calls for (pageForCount).
 *
 * Prepared, the pattern sits behind a subquery, so no plan hangs on its value: the statement then keeps
 * one generic plan after PostgreSQL's five custom ones instead of being planned on every run. With the
 * pattern a plain parameter, its estimate always made the custom plan look cheaper. Unprepared, the
 * pattern stays a plain value: compared as a constant it is lowered once, not once a row (~10% of a
 * first request's walk on PostgreSQL).
 */
export function containsTerm(columns: SQL[], term: string, form: SearchForm): SQL {
  const pattern = containsPattern(term);
  const tests = columns.map((column) => {
    if (form === 'rare') return sql`${column} ilike ${pattern}`;
    if (form === 'common') return sql`coalesce(${column}, '') ilike ${pattern}`;
    return sql`coalesce(${column}, '') ilike (select ${sql.placeholder(SEARCH_PATTERN)}::text)`;
  });
  return sql`(${sql.join(tests, sql` or `)})`;
}

/** The count a statement made first of a search whose total was not known (withSearchCount). */
const COUNTED = sql.raw('(select total from counted)');
const COMMON_FROM = sql.raw(String(REMEMBERED_FROM));

/** `statement`, with `count` (a search's capped count) made once first, for pageForCount and the total. */
export const withSearchCount = (count: SQL, statement: (counted: SQL) => SQL): SQL =>
  sql`with counted as materialized (select ${count}::bigint as total) ${statement(COUNTED)}`;

/**
 * A search's page while its total is not known: `page(form)` in both of containsTerm's unprepared forms, each
 * behind a test of the count the statement made first (withSearchCount). PostgreSQL plans both and
 * runs only the one whose one-time filter holds, so a common term walks the list's time index from
 * its first request, whatever its estimate (coins "ann" on the PGlite 1m set: 437 ms → 2 ms, after
 * a ~60 ms count).
 */
export function pageForCount(page: (form: SearchForm) => SQL): SQL {
  return sql`select * from (${page('common')}) common_form where ${COUNTED} >= ${COMMON_FROM}
    union all
    select * from (${page('rare')}) rare_form where ${COUNTED} < ${COMMON_FROM}`;
}
