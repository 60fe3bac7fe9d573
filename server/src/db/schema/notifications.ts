import { bigint, boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tstz, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const NOTIFICATION_TYPES = ['info', 'warning', 'error', 'success'] as const;
export const NOTIFICATION_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const NOTIFICATION_AUDIENCES = ['all', 'premium', 'admin', 'specific'] as const;
export const NOTIFICATION_STATUSES = ['sent', 'scheduled', 'draft', 'failed', 'cancelled'] as const;

export const notifications = pgTable(
  'notifications',
  {
    id: bigId(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('info'),
    priority: text('priority', { enum: NOTIFICATION_PRIORITIES }).notNull().default('medium'),
    targetAudience: text('target_audience', { enum: NOTIFICATION_AUDIENCES }).notNull().default('all'),
    isScheduled: boolean('is_scheduled').notNull().default(false),
    scheduledAt: tstz('scheduled_at'),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('draft'),
    sentAt: tstz('sent_at'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notifications_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('notifications_created_at_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

/** One row per user a notification was delivered to; read_count and total_recipients are counted from here. */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveredAt: tstz('delivered_at'),
    readAt: tstz('read_at'),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    index('notification_recipients_user_idx').on(t.userId),
  ],
);
