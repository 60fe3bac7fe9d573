import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/** Marks a user online or offline and stamps "last seen"; the users counters follow (trigger on is_online). */
export async function setPresence(db: Executor, userId: string, online: boolean): Promise<void> {
  await db
    .update(users)
    .set({ isOnline: online, lastSeenAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
}

/** Of these users, the ones online now. */
export async function onlineAmong(db: Executor, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), eq(users.isOnline, true), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}
