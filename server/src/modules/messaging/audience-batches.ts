import type { SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { type Audience, audienceBatchEndSql, audienceBatchSql } from '../users/audience.ts';

/**
 * Users per batch when a broadcast is written. Each batch is its own short transaction, so a send to
 * 100k users never holds PGlite's single connection, or key-share locks on every user row, for long.
 */
export const AUDIENCE_BATCH = 2000;

/**
 * Writes one row per user of the audience whose id sorts after `after` (a resumed send passes its
 * cursor), in keyset batches of one transaction each. `insertBatch` wraps a SELECT of `user_id`s in an
 * `INSERT … SELECT … ON CONFLICT DO NOTHING RETURNING user_id`; `progress` runs in the batch's transaction
 * with the last user id the batch covered, to record how far the send got. Returns the ids written.
 */
export async function insertForAudience(
  db: Database,
  audience: Audience,
  specificIds: readonly string[],
  after: string,
  insertBatch: (batch: SQL) => SQL,
  progress: (tx: Executor, cursor: string) => Promise<void>,
  batchSize = AUDIENCE_BATCH,
): Promise<string[]> {
  const written: string[] = [];
  let cursor = after;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [last] = (
        (await tx.execute(audienceBatchEndSql(audience, specificIds, cursor, batchSize))) as unknown as {
          rows: { id: string | null }[];
        }
      ).rows;
      if (!last?.id) return true;
      const batch = audienceBatchSql(audience, specificIds, cursor, last.id);
      const result = (await tx.execute(insertBatch(batch))) as unknown as { rows: { user_id: string }[] };
      for (const row of result.rows) written.push(row.user_id);
      cursor = last.id;
      await progress(tx, cursor);
      return false;
    });
    if (done) return written;
  }
}
