import { isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/** The newest sign-ups, over the created_at index. */
export async function recentUsers(db: Executor, limit: number) {
  return db
    .select({ id: users.id, username: users.username, createdAt: users.createdAt })
    .from(users)
    .where(isNull(users.deletedAt))
    .orderBy(sql`${users.createdAt} desc nulls last`, sql`${users.id} desc nulls last`)
    .limit(limit);
}
