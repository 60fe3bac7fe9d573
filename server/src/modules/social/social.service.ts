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
  const names = await usernamesById(
    db,
    rows.map((r) => r.userId),
  );
  const list: Like[] = rows.map((r) => ({
    id: r.id,
    username: names.get(r.userId) ?? '',
    target_type: r.targetType,
    target_id: r.targetId,
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
    sender_username: names.get(r.senderId) ?? '',
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
