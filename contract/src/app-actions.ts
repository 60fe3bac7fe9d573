import { z } from 'zod';
import { APP_LIMITS } from './account.ts';
import { envelope, IsoDateTime, SuccessMessage, UserId } from './common.ts';
import { endpoint } from './endpoint.ts';
import { GeolocationRecord, LOCATION_SOURCES } from './geolocation.ts';
import { REPORT_TYPES } from './user-reports.ts';

/**
 * What a calling app does besides calling: likes, friend requests, follows, reporting a user, sending a
 * location, and marking its notifications and official messages. Any signed-in account acts on itself;
 * each action writes the rows the console's Social, User Reports, Geolocation, Notifications and Official
 * Messaging screens read.
 */

export const LIKE_TARGETS = ['profile', 'message', 'call', 'post'] as const;

/** The spec's "max message length": every text an app user writes to or about another user. */
const messageText = (field: string) =>
  z
    .string()
    .trim()
    .max(
      APP_LIMITS.maxMessageLength,
      `${field} must be at most ${APP_LIMITS.maxMessageLength.toLocaleString('en-US')} characters`,
    );

export const APP_ACTION_MESSAGES = {
  userNotFound: 'User not found',
  notYourself: 'You cannot do that to yourself',
  likeNotFound: 'You have not liked that',
  unliked: 'Like removed',
  friendRequestExists: 'A friend request between you two already exists',
  friendRequestNotFound: 'Friend request not found',
  friendRequestNotPending: 'Only a pending friend request can be answered',
  notFollowing: 'You do not follow that user',
  unfollowed: 'Unfollowed',
  reportReasonRequired: 'Reason is required',
  notificationNotFound: 'Notification not found',
  officialMessageNotFound: 'Message not found',
} as const;

export const LikeRequest = z.object({
  target_type: z.enum(LIKE_TARGETS),
  /** A user id for a profile like; the app's own id of a message, call or post otherwise. */
  target_id: z.string().trim().min(1, 'Target is required').max(100, 'Target must be at most 100 characters'),
});
export type LikeRequest = z.infer<typeof LikeRequest>;

export const MyLike = z.object({
  id: z.number().int(),
  target_type: z.enum(LIKE_TARGETS),
  target_id: z.string(),
  is_active: z.boolean(),
  created_at: IsoDateTime,
});
export type MyLike = z.infer<typeof MyLike>;

export const SendFriendRequest = z.object({
  user_id: UserId,
  message: messageText('Message').optional(),
});

export const MyFriendRequest = z.object({
  id: z.number().int(),
  sender_id: z.string(),
  receiver_id: z.string(),
  status: z.enum(['pending', 'accepted', 'declined']),
  message: z.string().nullable(),
  created_at: IsoDateTime,
  responded_at: IsoDateTime.nullable(),
});
export type MyFriendRequest = z.infer<typeof MyFriendRequest>;

export const FollowRequest = z.object({ user_id: UserId });

export const MyFollow = z.object({
  id: z.number().int(),
  following_id: z.string(),
  notifications_enabled: z.boolean(),
  is_active: z.boolean(),
  created_at: IsoDateTime,
});
export type MyFollow = z.infer<typeof MyFollow>;

export const ReportUserRequest = z.object({
  user_id: UserId,
  report_type: z.enum(REPORT_TYPES),
  reason: z
    .string({ error: APP_ACTION_MESSAGES.reportReasonRequired })
    .trim()
    .min(1, APP_ACTION_MESSAGES.reportReasonRequired)
    .max(200, 'Reason must be at most 200 characters'),
  description: messageText('Description').optional(),
});

export const MyReport = z.object({
  id: z.number().int(),
  report_type: z.enum(REPORT_TYPES),
  reported_user_id: z.string().nullable(),
  reason: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  created_at: IsoDateTime,
});
export type MyReport = z.infer<typeof MyReport>;

export const SendLocation = z.object({
  city: z.string().trim().min(1, 'City is required').max(100, 'City must be at most 100 characters'),
  country: z.string().trim().min(1, 'Country is required').max(100, 'Country must be at most 100 characters'),
  latitude: z
    .number()
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90'),
  longitude: z
    .number()
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
  location_type: z.enum(LOCATION_SOURCES).default('gps'),
  /** Metres. */
  accuracy: z.number().min(0, 'Accuracy must not be negative').max(1_000_000).nullable().optional(),
});

const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** The account's own copy of a notification: when it reached the app and when it was read. */
export const NotificationReceipt = z.object({
  notification_id: z.number().int(),
  delivered_at: IsoDateTime.nullable(),
  read_at: IsoDateTime.nullable(),
});
export type NotificationReceipt = z.infer<typeof NotificationReceipt>;

export const OFFICIAL_MESSAGE_MARKS = ['delivered', 'read', 'acknowledged'] as const;
export type OfficialMessageMark = (typeof OFFICIAL_MESSAGE_MARKS)[number];

/** Read implies delivered, and acknowledged implies read: a later mark fills the earlier ones. */
export const OfficialMessageReceipt = z.object({
  message_id: z.number().int(),
  delivered_at: IsoDateTime.nullable(),
  read_at: IsoDateTime.nullable(),
  acknowledged_at: IsoDateTime.nullable(),
});
export type OfficialMessageReceipt = z.infer<typeof OfficialMessageReceipt>;

const TAG = 'app-actions';
const mine = { tag: TAG, access: 'user' } as const;

export const appActionEndpoints = {
  like: endpoint({
    ...mine,
    method: 'POST',
    path: '/users/likes',
    body: LikeRequest,
    status: 201,
    response: envelope(MyLike),
  }),
  unlike: endpoint({
    ...mine,
    method: 'DELETE',
    path: '/users/likes',
    query: LikeRequest,
    response: SuccessMessage,
  }),
  sendFriendRequest: endpoint({
    ...mine,
    method: 'POST',
    path: '/users/friend-requests',
    body: SendFriendRequest,
    status: 201,
    response: envelope(MyFriendRequest),
  }),
  acceptFriendRequest: endpoint({
    ...mine,
    method: 'POST',
    path: '/users/friend-requests/:id/accept',
    params: IdParams,
    response: envelope(MyFriendRequest),
  }),
  declineFriendRequest: endpoint({
    ...mine,
    method: 'POST',
    path: '/users/friend-requests/:id/decline',
    params: IdParams,
    response: envelope(MyFriendRequest),
  }),
  follow: endpoint({
    ...mine,
    method: 'POST',
    path: '/users/follows',
    body: FollowRequest,
    status: 201,
    response: envelope(MyFollow),
  }),
  unfollow: endpoint({
    ...mine,
    method: 'DELETE',
    path: '/users/follows',
    query: FollowRequest,
    response: SuccessMessage,
  }),
  reportUser: endpoint({
    ...mine,
    method: 'POST',
    path: '/users/reports',
    body: ReportUserRequest,
    status: 201,
    response: envelope(MyReport),
  }),
  sendLocation: endpoint({
    ...mine,
    method: 'POST',
    path: '/users/location',
    body: SendLocation,
    status: 201,
    response: envelope(GeolocationRecord),
  }),
  readNotification: endpoint({
    ...mine,
    method: 'POST',
    path: '/users/notifications/:id/read',
    params: IdParams,
    response: envelope(NotificationReceipt),
  }),
  markOfficialMessage: endpoint({
    ...mine,
    method: 'POST',
    path: '/users/official-messages/:id/:mark',
    params: z.object({ id: IdParams.shape.id, mark: z.enum(OFFICIAL_MESSAGE_MARKS) }),
    response: envelope(OfficialMessageReceipt),
  }),
};
