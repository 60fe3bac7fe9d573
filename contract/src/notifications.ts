import { z } from 'zod';
import { envelope, IsoDateTime, SuccessMessage, UserId } from './common.ts';
import { endpoint } from './endpoint.ts';

export const NOTIFICATION_TYPES = ['info', 'warning', 'error', 'success'] as const;
export const NOTIFICATION_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const NOTIFICATION_AUDIENCES = ['all', 'premium', 'admin', 'specific'] as const;
export const NOTIFICATION_STATUSES = ['sent', 'scheduled', 'draft', 'failed', 'cancelled'] as const;

/** The list is not paged: it shows this many of the newest notifications that match. */
export const NOTIFICATION_LIST_LIMIT = 100;
/** Recent Activity shows up to this many of the latest sends. */
export const RECENT_ACTIVITY_LIMIT = 10;
/** A notification for specific users names at most this many of them. */
export const MAX_SPECIFIC_USERS = 1000;

export const NOTIFICATION_MESSAGES = {
  fetchFailed: 'Failed to fetch notifications',
  sendFailed: 'Failed to send notification',
  deleteFailed: 'Failed to delete notification',
  createFailed: 'Failed to create notification',
  updateFailed: 'Failed to update notification',
  cancelFailed: 'Failed to cancel notification',
  deleteConfirm: 'Are you sure you want to delete this notification?',
  notFound: 'Notification not found',
  notDraft: 'Only a draft notification can be changed or sent',
  notScheduled: 'Only a scheduled notification can be cancelled',
  sending: 'This notification is being sent',
  scheduledAtRequired: 'Choose when to send a scheduled notification',
  scheduledAtPast: 'The scheduled time must be in the future',
  usersRequired: 'Choose at least one user for a notification to specific users',
  sent: 'Notification sent',
  deleted: 'Notification deleted',
  cancelled: 'Notification cancelled',
} as const;

/** A notification with its delivery counts. */
export const Notification = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  target_audience: z.enum(NOTIFICATION_AUDIENCES),
  target_user_ids: z.array(z.string()),
  is_scheduled: z.boolean(),
  scheduled_at: IsoDateTime.nullable(),
  status: z.enum(NOTIFICATION_STATUSES),
  sent_at: IsoDateTime.nullable(),
  read_count: z.number().int(),
  total_recipients: z.number().int(),
  created_at: IsoDateTime,
  created_by: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

const text = (max: number) => z.string().trim().min(1).max(max);

/** The body of create and update; `target_user_ids` names the users of the `specific` audience. */
export const NotificationInput = z.object({
  title: text(200),
  message: text(2000),
  type: z.enum(NOTIFICATION_TYPES).default('info'),
  priority: z.enum(NOTIFICATION_PRIORITIES).default('medium'),
  target_audience: z.enum(NOTIFICATION_AUDIENCES).default('all'),
  target_user_ids: z.array(UserId).max(MAX_SPECIFIC_USERS).default([]),
  is_scheduled: z.boolean().default(false),
  scheduled_at: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type NotificationInput = z.input<typeof NotificationInput>;

export const ListNotificationsQuery = z.object({
  search: z.string().trim().max(100).optional().default(''),
  status: z.enum(['all', ...NOTIFICATION_STATUSES]).default('all'),
  type: z.enum(['all', ...NOTIFICATION_TYPES]).default('all'),
});
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuery>;

/** A user a notification is addressed to, by name; `username` is null for a user that no longer exists. */
export const NotificationTargetUser = z.object({ id: z.string(), username: z.string().nullable() });
export type NotificationTargetUser = z.infer<typeof NotificationTargetUser>;

/** A listed notification; a draft to specific users also names them, for its edit form (empty otherwise). */
export const NotificationListItem = Notification.extend({ target_users: z.array(NotificationTargetUser) });
export type NotificationListItem = z.infer<typeof NotificationListItem>;

export const NotificationsList = envelope(
  z.object({
    notifications: z.array(NotificationListItem),
    /** True when more matched than the list shows (the newest NOTIFICATION_LIST_LIMIT). */
    has_more: z.boolean(),
  }),
);

/** Notification stats for the cards; the average read rate is reads / recipients over sent notifications, 0 to 1. */
export const NotificationStats = z.object({
  total_notifications: z.number().int(),
  sent_notifications: z.number().int(),
  scheduled_notifications: z.number().int(),
  draft_notifications: z.number().int(),
  total_recipients: z.number().int(),
  average_read_rate: z.number(),
  /** Digests delivered: each gathers one user's notifications of an hour, a day or a week into one delivery. */
  digest_deliveries: z.number().int(),
  recent_activity: z.array(
    z.object({ id: z.number().int(), title: z.string(), sent_at: IsoDateTime, read_rate: z.number() }),
  ),
});
export type NotificationStats = z.infer<typeof NotificationStats>;

/**
 * Who a send would reach, asked before it goes: the console confirms "Send to 1,939 users?". Official
 * messages always go to `all`.
 */
export const AudiencePreviewRequest = z.object({
  target_audience: z.enum(NOTIFICATION_AUDIENCES).default('all'),
  target_user_ids: z.array(UserId).max(MAX_SPECIFIC_USERS).default([]),
});
export type AudiencePreviewRequest = z.input<typeof AudiencePreviewRequest>;

/** How many users a send to that audience reaches now: active and not deleted. */
export const AudiencePreview = z.object({ recipients: z.number().int().nonnegative() });
export type AudiencePreview = z.infer<typeof AudiencePreview>;

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const NotificationResponse = envelope(Notification);

export const notificationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/notifications',
    tag: 'notifications',
    access: 'admin',
    permission: 'messaging:read',
    query: ListNotificationsQuery,
    response: NotificationsList,
  }),
  stats: endpoint({
    method: 'GET',
    path: '/admin/notification-stats',
    tag: 'notifications',
    access: 'admin',
    permission: 'messaging:read',
    response: envelope(NotificationStats),
  }),
  audiencePreview: endpoint({
    method: 'POST',
    path: '/admin/audience-preview',
    tag: 'notifications',
    access: 'admin',
    permission: 'messaging:read',
    summary: 'How many users a notification or official message to this audience would reach; sends nothing',
    body: AudiencePreviewRequest,
    response: envelope(AudiencePreview),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/notifications',
    tag: 'notifications',
    access: 'admin',
    permission: 'messaging:write',
    body: NotificationInput,
    status: 201,
    response: NotificationResponse,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/notifications/:id',
    tag: 'notifications',
    access: 'admin',
    permission: 'messaging:write',
    params: IdParams,
    body: NotificationInput,
    response: NotificationResponse,
  }),
  send: endpoint({
    method: 'POST',
    path: '/admin/notifications/:id/send',
    tag: 'notifications',
    access: 'admin',
    permission: 'messaging:write',
    params: IdParams,
    response: NotificationResponse,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/admin/notifications/:id/cancel',
    tag: 'notifications',
    access: 'admin',
    permission: 'messaging:write',
    params: IdParams,
    response: NotificationResponse,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/admin/notifications/:id',
    tag: 'notifications',
    access: 'admin',
    permission: 'messaging:write',
    params: IdParams,
    response: SuccessMessage,
  }),
};
