import { bigint, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Sharded counters for list totals, so a list never runs count(*) per request.
 *
 * A counter is the sum of its shard rows. Writers add +1/-1 to one random shard of the counter
 * (SQL function `bump_row_count(counter, delta)`, called from a trigger on the counted table), in
 * the same transaction as the row change, so a count is exact at every commit and concurrent
 * writers rarely wait on the same row. Readers sum the shards (`readCounters` in
 * server/src/db/row-counts.ts). To count another table: write a trigger function that maps OLD and
 * NEW to the counter names they belong to (see `users_row_counts` in the counters migration),
 * backfill the counters in the same migration, and read them with `readCounters`.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    counter: text('counter').notNull(),
    shard: smallint('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.counter, t.shard] })],
);
