import type {
  Follow,
  FollowsQuery,
  FriendRequest,
  FriendRequestsQuery,
  Like,
  LikesQuery,
  SocialSearchQuery,
  SocialSummary,
} from '@switchboard/contract/social';
import type { Database } from '../../db/client.ts';
import { pageFields } from '../../http/page-envelope.ts';
import { searchUserDirectory, usernamesById } from '../users/users-directory.repository.ts';
import { followsPage, friendRequestsPage, likesPage, socialCounters } from './social.repository.ts';

export async function socialSummary(db: Database): Promise<SocialSummary> {
  const c = await socialCounters(db);
  return {
    total_likes_given: c['likes.total'],
    total_likes_received: c['likes.profile'],
    total_friends: c['friend_requests.accepted'],
    pending_friend_requests: c['friend_requests.pending'],
    total_followers: c['follows.total'],
    total_following: c['follows.total'],
    mutual_friends: c['follows.mutual'],
  };
}

export async function searchSocialUsers(db: Database, q: SocialSearchQuery) {
  const { rows, total, totalCapped } = await searchUserDirectory(db, q);
  return { users: rows, ...pageFields('size', q, { total, totalCapped }) };
}

export async function listLikes(db: Database, q: LikesQuery) {
  const { rows, total } = await likesPage(db, q);
  // One lookup for the page: who liked, and the user a profile like is about.
  const names = await usernamesById(
    db,
    rows.flatMap((r) => (r.targetType === 'profile' ? [r.userId, r.targetId] : [r.userId])),
  );
  const list: Like[] = rows.map((r) => ({
    id: r.id,
    user_id: r.userId,
    username: names.get(r.userId) ?? '',
    target_type: r.targetType,
    target_id: r.targetId,
    target_username: r.targetType === 'profile' ? (names.get(r.targetId) ?? null) : null,
    created_at: r.createdAt.toISOString(),
    is_active: r.isActive,
  }));
  return { likes: list, ...pageFields('size', q, { total, totalCapped: false }) };
}

export async function listFriendRequests(db: Database, q: FriendRequestsQuery) {
  const { rows, total } = await friendRequestsPage(db, q);
  const names = await usernamesById(
    db,
    rows.flatMap((r) => [r.senderId, r.receiverId]),
  );
  const list: FriendRequest[] = rows.map((r) => ({
    id: r.id,
    sender_id: r.senderId,
    sender_username: names.get(r.senderId) ?? '',
    receiver_id: r.receiverId,
    receiver_username: names.get(r.receiverId) ?? '',
    status: r.status,
    message: r.message,
    created_at: r.createdAt.toISOString(),
    is_read: r.isRead,
  }));
  return { friend_requests: list, ...pageFields('size', q, { total, totalCapped: false }) };
}

export async function listFollows(db: Database, q: FollowsQuery) {
  const { rows, total } = await followsPage(db, q);
  const names = await usernamesById(
    db,
    rows.flatMap((r) => [r.followerId, r.followingId]),
  );
  const list: Follow[] = rows.map((r) => ({
    id: r.id,
    follower_id: r.followerId,
    follower_username: names.get(r.followerId) ?? '',
    following_id: r.followingId,
    following_username: names.get(r.followingId) ?? '',
    follow_type: r.followType,
    notifications_enabled: r.notificationsEnabled,
    created_at: r.createdAt.toISOString(),
    is_active: r.isActive,
  }));
  return { follows: list, ...pageFields('size', q, { total, totalCapped: false }) };
}
