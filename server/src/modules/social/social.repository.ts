import type { FollowsQuery, FriendRequestsQuery, LikesQuery } from '@switchboard/contract/social';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { readCounters } from '../../db/row-counts.ts';
import { follows, friendRequests, likes } from '../../db/schema/social.ts';

/** Newest first, matching the (created_at desc, id desc) indexes, NULLS LAST as drizzle-kit writes them. */
const newestFirst = (createdAt: PgColumn, id: PgColumn): SQL =>
  sql`${createdAt} desc nulls last, ${id} desc nulls last`;
const offset = (q: { page: number; size: number }) => (q.page - 1) * q.size;

export async function likesPage(db: Executor, q: LikesQuery) {
  const counter = q.target_type === 'all' ? 'likes.total' : `likes.${q.target_type}`;
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(likes)
      .where(q.target_type === 'all' ? undefined : eq(likes.targetType, q.target_type))
      .orderBy(newestFirst(likes.createdAt, likes.id))
      .limit(q.size)
      .offset(offset(q)),
    readCounters(db, [counter]),
  ]);
  return { rows, total: counts[counter] ?? 0 };
}

export async function friendRequestsPage(db: Executor, q: FriendRequestsQuery) {
  const counter = `friend_requests.${q.status === 'all' ? 'total' : q.status}`;
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(friendRequests)
      .where(q.status === 'all' ? undefined : eq(friendRequests.status, q.status))
      .orderBy(newestFirst(friendRequests.createdAt, friendRequests.id))
      .limit(q.size)
      .offset(offset(q)),
    readCounters(db, [counter]),
  ]);
  return { rows, total: counts[counter] ?? 0 };
}

export async function followsPage(db: Executor, q: FollowsQuery) {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(follows)
      .orderBy(newestFirst(follows.createdAt, follows.id))
      .limit(q.size)
      .offset(offset(q)),
    readCounters(db, ['follows.total']),
  ]);
  return { rows, total: counts['follows.total'] };
}

const SUMMARY_COUNTERS = [
  'likes.total',
  'likes.profile',
  'friend_requests.accepted',
  'friend_requests.pending',
  'follows.total',
  'follows.mutual',
] as const;

/** Every figure of the social summary, from the counters the social tables' triggers keep. */
export const socialCounters = (db: Executor) => readCounters(db, SUMMARY_COUNTERS);
