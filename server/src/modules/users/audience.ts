import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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

/** Users per INSERT … SELECT when a broadcast is written: quick statements that never hold much in memory. */
export const AUDIENCE_BATCH = 5000;

/**
 * Writes one row per user of the audience in keyset batches: `insertBatch` wraps a SELECT of
 * `user_id`s in an `INSERT … SELECT … RETURNING user_id`. Returns the ids written, for a live push.
 */
export async function insertForAudience(
  db: Executor,
  audience: Audience,
  specificIds: readonly string[],
  insertBatch: (batch: SQL) => SQL,
): Promise<string[]> {
  const written: string[] = [];
  let after = '';
  for (;;) {
    const batch = sql`select ${users.id} as user_id from ${users}
      where ${audienceCondition(audience, specificIds)} and ${users.id} > ${after}
      order by ${users.id} limit ${AUDIENCE_BATCH}`;
    const result = (await db.execute(insertBatch(batch))) as unknown as { rows: { user_id: string }[] };
    const ids = result.rows.map((r) => r.user_id);
    written.push(...ids);
    if (ids.length < AUDIENCE_BATCH) return written;
    after = ids.reduce((max, id) => (id > max ? id : max), after);
  }
}
