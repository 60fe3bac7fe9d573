import { bigint, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Sharded counters for list totals, so a list never runs count(*) per request.
 *
 * A counter is the sum of its shard rows. Writers add a signed delta to one random shard of the
 * counter, from a statement trigger on the counted table (one delta per counter per statement, summed
 * over its transition table), in the same transaction as the row change, so a count is exact at every
 * commit and concurrent writers rarely wait on the same row. Readers sum the shards (`readCounters` in
 * server/src/db/row-counts.ts). To count another table: add insert/update/delete statement triggers
 * (see `categorised_row_counts_apply` in migration 0016 for a total plus one counter per value of a
 * column), backfill the counters in the same migration, and read them with `readCounters`.
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
