import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { follows, friendRequests, likes } from '../../db/schema/social.ts';

export type LikeRecord = typeof likes.$inferSelect;
export type FriendRequestRecord = typeof friendRequests.$inferSelect;
export type FollowRecord = typeof follows.$inferSelect;
type LikeTarget = Pick<LikeRecord, 'targetType' | 'targetId'>;

/** A like, or the same like switched back on: one row per user and target (likes_user_target_key). */
export async function upsertLike(db: Executor, userId: string, target: LikeTarget): Promise<LikeRecord> {
  const [row] = await db
    .insert(likes)
    .values({ userId, ...target })
    .onConflictDoUpdate({
      target: [likes.userId, likes.targetType, likes.targetId],
      set: { isActive: true },
    })
    .returning();
  if (!row) throw new Error('like not written');
  return row;
}

/** Removes a like (the counters behind the Social screen count rows); false when there was none. */
export async function deleteLike(db: Executor, userId: string, target: LikeTarget): Promise<boolean> {
  const rows = await db
    .delete(likes)
    .where(
      and(
        eq(likes.userId, userId),
        eq(likes.targetType, target.targetType),
        eq(likes.targetId, target.targetId),
      ),
    )
    .returning({ id: likes.id });
  return rows.length > 0;
}

/** A new pending request; undefined when the pair already has one, either way round (friend_requests_pair_key). */
export async function insertFriendRequest(
  db: Executor,
  senderId: string,
  receiverId: string,
  message: string | null,
): Promise<FriendRequestRecord | undefined> {
  const [row] = await db
    .insert(friendRequests)
    .values({ senderId, receiverId, message })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function lockFriendRequest(db: Executor, id: number): Promise<FriendRequestRecord | undefined> {
  const [row] = await db.select().from(friendRequests).where(eq(friendRequests.id, id)).for('update');
  return row;
}

export async function answerFriendRequest(
  db: Executor,
  id: number,
  status: 'accepted' | 'declined',
): Promise<FriendRequestRecord> {
  const [row] = await db
    .update(friendRequests)
    .set({ status, isRead: true, respondedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(friendRequests.id, id))
    .returning();
  if (!row) throw new Error('friend request not written');
  return row;
}

/** A follow, or the same follow switched back on: one row per pair (follows_pair_key). */
export async function upsertFollow(
  db: Executor,
  followerId: string,
  followingId: string,
): Promise<FollowRecord> {
  const [row] = await db
    .insert(follows)
    .values({ followerId, followingId })
    .onConflictDoUpdate({ target: [follows.followerId, follows.followingId], set: { isActive: true } })
    .returning();
  if (!row) throw new Error('follow not written');
  return row;
}

/** Removes a follow (follows.total and follows.mutual count rows); false when there was none. */
export async function deleteFollow(db: Executor, followerId: string, followingId: string): Promise<boolean> {
  const rows = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
    .returning({ id: follows.id });
  return rows.length > 0;
}
