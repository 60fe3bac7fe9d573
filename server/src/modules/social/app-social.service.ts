import {
  APP_ACTION_MESSAGES,
  type LikeRequest,
  type MyFollow,
  type MyFriendRequest,
  type MyLike,
} from '@switchboard/contract/app-actions';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/http-error.ts';
import { findAccountById } from '../users/users.repository.ts';
import * as repo from './app-social.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toLike = (r: repo.LikeRecord): MyLike => ({
  id: r.id,
  target_type: r.targetType,
  target_id: r.targetId,
  is_active: r.isActive,
  created_at: r.createdAt.toISOString(),
});

const toFriendRequest = (r: repo.FriendRequestRecord): MyFriendRequest => ({
  id: r.id,
  sender_id: r.senderId,
  receiver_id: r.receiverId,
  status: r.status,
  message: r.message,
  created_at: r.createdAt.toISOString(),
  responded_at: iso(r.respondedAt),
});

const toFollow = (r: repo.FollowRecord): MyFollow => ({
  id: r.id,
  following_id: r.followingId,
  notifications_enabled: r.notificationsEnabled,
  is_active: r.isActive,
  created_at: r.createdAt.toISOString(),
});

/** The other user of an action: not the actor, and an account that exists (404 otherwise). */
async function otherUser(db: Executor, me: string, other: string, field: string): Promise<void> {
  if (other === me) throw badRequest(APP_ACTION_MESSAGES.notYourself, field);
  if (!(await findAccountById(db, other))) throw notFound(APP_ACTION_MESSAGES.userNotFound);
}

/** Likes a profile, message, call or post; liking it again keeps the one like. */
export async function like(db: Database, me: string, input: LikeRequest): Promise<MyLike> {
  if (input.target_type === 'profile') await otherUser(db, me, input.target_id, 'target_id');
  return toLike(await repo.upsertLike(db, me, { targetType: input.target_type, targetId: input.target_id }));
}

export async function unlike(db: Database, me: string, input: LikeRequest): Promise<void> {
  if (!(await repo.deleteLike(db, me, { targetType: input.target_type, targetId: input.target_id })))
    throw notFound(APP_ACTION_MESSAGES.likeNotFound);
}

/** One request per pair of users, whichever of the two sent it. */
export async function sendFriendRequest(
  db: Database,
  me: string,
  input: { user_id: string; message?: string | undefined },
): Promise<MyFriendRequest> {
  await otherUser(db, me, input.user_id, 'user_id');
  const row = await repo.insertFriendRequest(db, me, input.user_id, input.message || null);
  if (!row) throw conflict(APP_ACTION_MESSAGES.friendRequestExists, 'user_id');
  return toFriendRequest(row);
}

/** The receiver accepts or declines a pending request; a request not sent to them is 404. */
export async function answerFriendRequest(
  db: Database,
  me: string,
  id: number,
  answer: 'accepted' | 'declined',
): Promise<MyFriendRequest> {
  return db.transaction(async (tx) => {
    const request = await repo.lockFriendRequest(tx, id);
    if (!request || request.receiverId !== me) throw notFound(APP_ACTION_MESSAGES.friendRequestNotFound);
    if (request.status !== 'pending') throw conflict(APP_ACTION_MESSAGES.friendRequestNotPending);
    return toFriendRequest(await repo.answerFriendRequest(tx, id, answer));
  });
}

export async function follow(db: Database, me: string, userId: string): Promise<MyFollow> {
  await otherUser(db, me, userId, 'user_id');
  return toFollow(await repo.upsertFollow(db, me, userId));
}

export async function unfollow(db: Database, me: string, userId: string): Promise<void> {
  if (!(await repo.deleteFollow(db, me, userId))) throw notFound(APP_ACTION_MESSAGES.notFollowing);
}
