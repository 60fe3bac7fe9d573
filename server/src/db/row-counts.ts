import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { countUpTo } from './query-rows.ts';
import { rowCounts } from './schema/counters.ts';

/**
 * The current value of each named counter: the sum of its shards (how they are kept is explained
 * on `rowCounts`). A counter with no rows yet reads 0.
 */
export async function readCounters<Name extends string>(
  db: Executor,
  names: readonly Name[],
): Promise<Record<Name, number>> {
  const rows = await db
    .select({ counter: rowCounts.counter, n: sql<string>`sum(${rowCounts.n})` })
    .from(rowCounts)
    .where(inArray(rowCounts.counter, [...names]))
    .groupBy(rowCounts.counter);
  const sums = new Map(rows.map((r) => [r.counter, Number(r.n)]));
  return Object.fromEntries(names.map((name) => [name, sums.get(name) ?? 0])) as Record<Name, number>;
}

/** One counter's value as a scalar subquery, for folding into a larger SELECT (0 while it has no rows). */
export const counterSum = (name: string) =>
  sql`(select coalesce(sum(${rowCounts.n}), 0) from ${rowCounts} where ${rowCounts.counter} = ${name})`;

/** Searches count exactly up to this many matches; beyond it a list says "10,000+". */
export const COUNT_CAP = 10_000;

/** A list total that is exact up to COUNT_CAP; beyond it the screen shows "10,000+". */
export const cappedTotal = (n: number) => ({ total: Math.min(n, COUNT_CAP), totalCapped: n > COUNT_CAP });

/** Counts the rows of `table` matching `where`, reading at most COUNT_CAP + 1 of them. */
export async function countUpToCap(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ total: number; totalCapped: boolean }> {
  const from = where ? sql`${table} where ${where}` : sql`${table}`;
  return cappedTotal(await countUpTo(db, from, COUNT_CAP + 1));
}
