import type { UserFollowRow } from '@switchboard/contract/user-sections';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { olderThan } from '../../db/keyset-cursor.ts';
import { follows, friendRequests, likes } from '../../db/schema/social.ts';
import { users } from '../../db/schema/users.ts';

/** A page of a user's followers or of those they follow, newest first (follows_*_time_idx). */
export async function userFollowsPage(
  db: Executor,
  userId: string,
  direction: 'followers' | 'following',
  after: [string, string] | undefined,
  limit: number,
): Promise<UserFollowRow[]> {
  const own = direction === 'followers' ? follows.followingId : follows.followerId;
  const other = direction === 'followers' ? follows.followerId : follows.followingId;
  const rows = await db
    .select({
      id: follows.id,
      user_id: other,
      username: sql<string | null>`(select ${users.username} from ${users} where ${users.id} = ${other})`,
      since: follows.createdAt,
    })
    .from(follows)
    .where(
      and(
        eq(own, userId),
        eq(follows.isActive, true),
        after ? olderThan(follows.createdAt, follows.id, after) : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(follows.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, since: r.since.toISOString() }));
}

export async function socialCounts(db: Executor, userId: string) {
  const [followers, following, likesGiven] = await Promise.all([
    db.$count(follows, and(eq(follows.followingId, userId), eq(follows.isActive, true))),
    db.$count(follows, and(eq(follows.followerId, userId), eq(follows.isActive, true))),
    db.$count(likes, and(eq(likes.userId, userId), eq(likes.isActive, true))),
  ]);
  return { followers, following, likes_given: likesGiven };
}

/** The export: the user's likes, friend requests both ways and follows both ways. */
export async function allSocialOf(db: Executor, userId: string) {
  const [likesGiven, requests, followRows] = await Promise.all([
    db.select().from(likes).where(eq(likes.userId, userId)).orderBy(asc(likes.id)),
    db
      .select()
      .from(friendRequests)
      .where(or(eq(friendRequests.senderId, userId), eq(friendRequests.receiverId, userId)))
      .orderBy(asc(friendRequests.id)),
    db
      .select()
      .from(follows)
      .where(or(eq(follows.followerId, userId), eq(follows.followingId, userId)))
      .orderBy(asc(follows.id)),
  ]);
  return { likes: likesGiven, friend_requests: requests, follows: followRows };
}
