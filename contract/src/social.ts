import { z } from 'zod';
import { envelope, IsoDateTime } from './common.ts';
import { endpoint } from './endpoint.ts';

/** The social tabs show 20 rows per page; the API serves at most 100. */
export const SOCIAL_PAGE_SIZE = 20;
export const SOCIAL_MAX_PAGE_SIZE = 100;
/**
 * Pages are read at an OFFSET, so they reach the first 10,000 rows of a list; a page past that is a
 * 400 (narrow the filter instead). `total` still counts every row.
 */
export const SOCIAL_MAX_OFFSET = 10_000;
/** A user counts as new for this many days after signing up. */
export const NEW_USER_DAYS = 7;

export const SOCIAL_USER_TYPES = ['all', 'active', 'new', 'premium'] as const;
export const LIKE_TARGET_FILTERS = ['all', 'profile', 'message', 'call', 'post'] as const;
export const FRIEND_STATUS_FILTERS = ['all', 'pending', 'accepted', 'declined'] as const;
export const FOLLOW_DIRECTIONS = ['following'] as const;

export const SOCIAL_TEXT = {
  pageTooDeep: `Pages reach the first ${SOCIAL_MAX_OFFSET.toLocaleString('en-US')} rows; narrow the filter to see older ones`,
} as const;

const withinOffset = ({ page, size }: { page: number; size: number }) =>
  (page - 1) * size < SOCIAL_MAX_OFFSET;

const pagedQuery = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(SOCIAL_MAX_PAGE_SIZE).default(SOCIAL_PAGE_SIZE),
      ...shape,
    })
    .refine((q) => withinOffset(q as unknown as { page: number; size: number }), {
      path: ['page'],
      message: SOCIAL_TEXT.pageTooDeep,
    });

export const SocialSearchQuery = pagedQuery({
  query: z.string().trim().max(100).optional().default(''),
  user_type: z.enum(SOCIAL_USER_TYPES).default('all'),
});
export type SocialSearchQuery = z.infer<typeof SocialSearchQuery>;
export const LikesQuery = pagedQuery({ target_type: z.enum(LIKE_TARGET_FILTERS).default('all') });
export type LikesQuery = z.infer<typeof LikesQuery>;
export const FriendRequestsQuery = pagedQuery({ status: z.enum(FRIEND_STATUS_FILTERS).default('all') });
export type FriendRequestsQuery = z.infer<typeof FriendRequestsQuery>;
export const FollowsQuery = pagedQuery({ direction: z.enum(FOLLOW_DIRECTIONS).default('following') });
export type FollowsQuery = z.infer<typeof FollowsQuery>;

export const SocialSummary = z.object({
  total_likes_given: z.number().int(),
  /** Likes on user profiles: the ones a person received. */
  total_likes_received: z.number().int(),
  /** Accepted friend requests. */
  total_friends: z.number().int(),
  pending_friend_requests: z.number().int(),
  /** Every follow is one follower of someone and one following by someone. */
  total_followers: z.number().int(),
  total_following: z.number().int(),
  /** Pairs of users who follow each other. */
  mutual_friends: z.number().int(),
});
export type SocialSummary = z.infer<typeof SocialSummary>;

export const SocialUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  location: z.string().nullable(),
  profile_picture: z.string().nullable(),
  is_active: z.boolean(),
  is_premium: z.boolean(),
  created_at: IsoDateTime,
});
export type SocialUser = z.infer<typeof SocialUser>;

export const Like = z.object({
  id: z.number().int(),
  /** Who liked. */
  user_id: z.string(),
  username: z.string(),
  target_type: z.enum(['profile', 'message', 'call', 'post']),
  target_id: z.string(),
  /** For a profile like, the liked user's username (null for other targets). */
  target_username: z.string().nullable(),
  created_at: IsoDateTime,
  is_active: z.boolean(),
});
export type Like = z.infer<typeof Like>;

export const FriendRequest = z.object({
  id: z.number().int(),
  sender_id: z.string(),
  sender_username: z.string(),
  receiver_id: z.string(),
  receiver_username: z.string(),
  status: z.enum(['pending', 'accepted', 'declined']),
  message: z.string().nullable(),
  created_at: IsoDateTime,
  is_read: z.boolean(),
});
export type FriendRequest = z.infer<typeof FriendRequest>;

export const Follow = z.object({
  id: z.number().int(),
  follower_id: z.string(),
  follower_username: z.string(),
  following_id: z.string(),
  following_username: z.string(),
  follow_type: z.enum(['user', 'creator']),
  notifications_enabled: z.boolean(),
  created_at: IsoDateTime,
  is_active: z.boolean(),
});
export type Follow = z.infer<typeof Follow>;

const pageFields = {
  total: z.number().int(),
  /** True when a filtered count stopped at 10,000: `total` is then "10,000+". */
  total_capped: z.boolean(),
  page: z.number().int(),
  size: z.number().int(),
};

const socialEndpoint = <Q extends z.ZodType, R extends z.ZodType>(path: string, query: Q, response: R) =>
  endpoint({
    method: 'GET',
    path,
    tag: 'social',
    access: 'admin',
    permission: 'social:read',
    query,
    response,
  });

export const socialEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/admin/social/summary',
    tag: 'social',
    access: 'admin',
    permission: 'social:read',
    response: envelope(SocialSummary),
  }),
  users: socialEndpoint(
    '/social/search',
    SocialSearchQuery,
    envelope(z.object({ users: z.array(SocialUser), ...pageFields })),
  ),
  likes: socialEndpoint(
    '/social/likes',
    LikesQuery,
    envelope(z.object({ likes: z.array(Like), ...pageFields })),
  ),
  friendRequests: socialEndpoint(
    '/social/friend-requests',
    FriendRequestsQuery,
    envelope(z.object({ friend_requests: z.array(FriendRequest), ...pageFields })),
  ),
  follows: socialEndpoint(
    '/social/follows',
    FollowsQuery,
    envelope(z.object({ follows: z.array(Follow), ...pageFields })),
  ),
};
