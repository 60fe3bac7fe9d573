import { type SQL, sql } from 'drizzle-orm';
import { containsPattern } from './like-pattern.ts';

/**
 * Rows whose `columns` (trigram-indexed) contain `term`, in the form that suits how many rows match.
 * As plain ILIKEs the planner may read the columns' trigram indexes: right for a rare term. When the
 * search is `common` (its total was counted at REMEMBERED_FROM or more, search-totals.ts) the columns
 * sit inside coalesce(), which no index holds, so the list's time index is walked newest first and
 * stops at the page. The planner alone picks from the columns' 100-bucket histograms, and a term in
 * ~2% of rows can miss every bucket: estimated at ~100 rows, its page then sorted every match (coins
 * "ann" on the PGlite 1m set: 420 ms against 8 ms). Only a search's first request can meet that now.
 */
export function containsTerm(columns: SQL[], term: string, common: boolean): SQL {
  const pattern = containsPattern(term);
  const tests = columns.map((column) =>
    common ? sql`coalesce(${column}, '') ilike ${pattern}` : sql`${column} ilike ${pattern}`,
  );
  return sql`(${sql.join(tests, sql` or `)})`;
}
