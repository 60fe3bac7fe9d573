import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { activeNow } from './active-now.ts';

export type Audience = 'all' | 'premium' | 'admin' | 'specific';

/**
 * The users a broadcast reaches: active, not deleted, and in the audience. `specificIds` names the
 * users of the `specific` audience. Used inside an INSERT … SELECT over `users`.
 */
export function audienceCondition(audience: Audience, specificIds: readonly string[]): SQL {
  const reachable = and(isNull(users.deletedAt), activeNow) as SQL;
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

/** The last user id of the next batch of the audience after `cursor` (null when none is left). */
export const audienceBatchEndSql = (
  audience: Audience,
  specificIds: readonly string[],
  cursor: string,
  size: number,
) =>
  sql`select max(user_id) as id from (select ${users.id} as user_id from ${users}
    where ${audienceCondition(audience, specificIds)} and ${users.id} > ${cursor}
    order by ${users.id} limit ${size}) b`;

/** The `user_id`s of the audience after `cursor` up to `last`, for an INSERT … SELECT. */
export const audienceBatchSql = (
  audience: Audience,
  specificIds: readonly string[],
  cursor: string,
  last: string,
) =>
  sql`select ${users.id} as user_id from ${users}
    where ${audienceCondition(audience, specificIds)} and ${users.id} > ${cursor} and ${users.id} <= ${last}`;

/** How many users a broadcast to the audience would reach now (the console states it before a send). */
export async function countAudience(
  db: Executor,
  audience: Audience,
  specificIds: readonly string[],
): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from ${users} where ${audienceCondition(audience, specificIds)}`,
  )) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}
