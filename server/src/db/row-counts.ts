import { inArray, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
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

/** Searches count exactly up to this many matches; beyond it a list says "10,000+". */
export const COUNT_CAP = 10_000;
