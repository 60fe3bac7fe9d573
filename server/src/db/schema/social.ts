import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, oneOf, tstz, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const LIKE_TARGET_TYPES = ['profile', 'message', 'call', 'post'] as const;
export const FRIEND_REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const;
export const FOLLOW_TYPES = ['user', 'creator'] as const;

const userRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const likes = pgTable(
  'likes',
  {
    id: bigId(),
    userId: userRef('user_id'),
    targetType: text('target_type', { enum: LIKE_TARGET_TYPES }).notNull(),
    targetId: text('target_id').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('likes_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('likes_target_idx').on(t.targetType, t.targetId),
    index('likes_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('likes_target_type_created_idx').on(t.targetType, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('likes_user_target_key').on(t.userId, t.targetType, t.targetId),
    check('likes_target_type_check', oneOf(t.targetType, LIKE_TARGET_TYPES)),
  ],
);

export const friendRequests = pgTable(
  'friend_requests',
  {
    id: bigId(),
    senderId: userRef('sender_id'),
    receiverId: userRef('receiver_id'),
    status: text('status', { enum: FRIEND_REQUEST_STATUSES }).notNull().default('pending'),
    message: text('message'),
    isRead: boolean('is_read').notNull().default(false),
    respondedAt: tstz('responded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One request per unordered pair: a request from B to A is refused while A to B exists.
    uniqueIndex('friend_requests_pair_key').on(
      sql`least(${t.senderId}, ${t.receiverId})`,
      sql`greatest(${t.senderId}, ${t.receiverId})`,
    ),
    check('friend_requests_status_check', oneOf(t.status, FRIEND_REQUEST_STATUSES)),
    check('friend_requests_not_self_check', sql`${t.senderId} <> ${t.receiverId}`),
    index('friend_requests_receiver_idx').on(t.receiverId, t.status),
    index('friend_requests_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('friend_requests_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const follows = pgTable(
  'follows',
  {
    id: bigId(),
    followerId: userRef('follower_id'),
    followingId: userRef('following_id'),
    followType: text('follow_type', { enum: FOLLOW_TYPES }).notNull().default('user'),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_pair_key').on(t.followerId, t.followingId),
    index('follows_following_idx').on(t.followingId),
    // A user's page: who they follow and who follows them, newest first.
    index('follows_follower_time_idx').on(t.followerId, t.createdAt.desc(), t.id.desc()),
    index('follows_following_time_idx').on(t.followingId, t.createdAt.desc(), t.id.desc()),
    index('follows_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    check('follows_follow_type_check', oneOf(t.followType, FOLLOW_TYPES)),
    check('follows_not_self_check', sql`${t.followerId} <> ${t.followingId}`),
  ],
);
