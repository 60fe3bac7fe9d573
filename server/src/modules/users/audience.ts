import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

export type Audience = 'all' | 'premium' | 'admin' | 'specific';

/**
 * The users a broadcast reaches: active, not deleted, and in the audience. `specificIds` names the
 * users of the `specific` audience. Used inside an INSERT … SELECT over `users`.
 */
export function audienceCondition(audience: Audience, specificIds: readonly string[]): SQL {
  const reachable = and(isNull(users.deletedAt), eq(users.isActive, true)) as SQL;
  switch (audience) {
    case 'all':
      return reachable;
    case 'premium':
      return and(reachable, eq(users.isPremium, true)) as SQL;
    case 'admin':
      return and(reachable, eq(users.isAdmin, true)) as SQL;
    case 'specific':
      return and(reachable, sql`${users.id} = any(${sql.param([...specificIds])}::text[])`) as SQL;
  }
}

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
        (await tx.execute(sql`select max(user_id) as id from (select ${users.id} as user_id from ${users}
          where ${audienceCondition(audience, specificIds)} and ${users.id} > ${cursor}
          order by ${users.id} limit ${batchSize}) b`)) as unknown as { rows: { id: string | null }[] }
      ).rows;
      if (!last?.id) return true;
      const batch = sql`select ${users.id} as user_id from ${users}
        where ${audienceCondition(audience, specificIds)} and ${users.id} > ${cursor} and ${users.id} <= ${last.id}`;
      const result = (await tx.execute(insertBatch(batch))) as unknown as { rows: { user_id: string }[] };
      for (const row of result.rows) written.push(row.user_id);
      cursor = last.id;
      await progress(tx, cursor);
      return false;
    });
    if (done) return written;
  }
}
