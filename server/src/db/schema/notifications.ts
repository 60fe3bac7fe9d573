import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks.ts';
import { bigId, createdAt, deliveryColumns, tstz, updatedAt } from './columns.ts';
import { users } from './users.ts';

export { NOTIFICATION_AUDIENCES, NOTIFICATION_PRIORITIES, NOTIFICATION_STATUSES, NOTIFICATION_TYPES };

import {
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_STATUSES,
  NOTIFICATION_TYPES,
} from '@switchboard/contract/notifications';

export const notifications = pgTable(
  'notifications',
  {
    id: bigId(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('info'),
    priority: text('priority', { enum: NOTIFICATION_PRIORITIES }).notNull().default('medium'),
    targetAudience: text('target_audience', { enum: NOTIFICATION_AUDIENCES }).notNull().default('all'),
    /** The users of the `specific` audience. */
    targetUserIds: text('target_user_ids').array().notNull().default(sql`'{}'::text[]`),
    isScheduled: boolean('is_scheduled').notNull().default(false),
    scheduledAt: tstz('scheduled_at'),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('draft'),
    sentAt: tstz('sent_at'),
    /** Kept by a trigger on notification_recipients, so lists never count recipient rows. */
    totalRecipients: integer('total_recipients').notNull().default(0),
    readCount: integer('read_count').notNull().default(0),
    /** While a send is under way; a notification stays draft or scheduled until its last batch. */
    ...deliveryColumns(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notifications_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('notifications_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('notifications_type_idx').on(t.type, t.createdAt.desc(), t.id.desc()),
    index('notifications_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
    index('notifications_message_trgm').using('gin', sql`${t.message} gin_trgm_ops`),
    /** The due-job's queue: scheduled notifications by when they are due. */
    index('notifications_due_idx').on(t.scheduledAt, t.id).where(sql`${t.status} = 'scheduled'`),
    index('notifications_sent_at_idx').on(t.sentAt.desc(), t.id.desc()).where(sql`${t.status} = 'sent'`),
    index('notifications_delivery_idx').on(t.deliveryAt).where(sql`${t.deliveryAt} is not null`),
    check(
      'notifications_delivery_check',
      sql`${t.deliveryAt} is null or (${t.status} in ('draft', 'scheduled') and ${t.deliveryCursor} is not null)`,
    ),
    check(
      'notifications_schedule_check',
      sql`${t.status} <> 'scheduled' or (${t.isScheduled} and ${t.scheduledAt} is not null)`,
    ),
    check('notifications_type_check', oneOf('type', NOTIFICATION_TYPES)),
    check('notifications_priority_check', oneOf('priority', NOTIFICATION_PRIORITIES)),
    check('notifications_target_audience_check', oneOf('target_audience', NOTIFICATION_AUDIENCES)),
    check('notifications_status_check', oneOf('status', NOTIFICATION_STATUSES)),
    check('notifications_counts_range', sql`read_count between 0 and total_recipients`),
  ],
);

/** One row per user a notification was delivered to; a trigger keeps notifications.read_count and total_recipients. */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    deliveredAt: tstz('delivered_at'),
    readAt: tstz('read_at'),
    /** The digest that delivered it, for a user whose notification frequency is hourly, daily or weekly. */
    digestId: bigint('digest_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    index('notification_recipients_user_idx').on(t.userId),
  ],
);

export const DIGEST_FREQUENCIES = ['hourly', 'daily', 'weekly'] as const;

/**
 * One delivery gathering a user's notifications of a period (an hour, a day or an ISO week, UTC). The unique
 * (user, frequency, period) makes a digest built once, however many instances run the job at the same time.
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    id: bigId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: DIGEST_FREQUENCIES }).notNull(),
    periodStart: tstz('period_start').notNull(),
    periodEnd: tstz('period_end').notNull(),
    notificationCount: integer('notification_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('notification_digests_period_key').on(t.userId, t.frequency, t.periodStart),
    check('notification_digests_frequency_check', oneOf('frequency', DIGEST_FREQUENCIES)),
  ],
);

/** A period whose digests are all built: the job skips it from then on (a speed-up only; the key above is the guard). */
export const notificationDigestRuns = pgTable(
  'notification_digest_runs',
  {
    frequency: text('frequency', { enum: DIGEST_FREQUENCIES }).notNull(),
    periodStart: tstz('period_start').notNull(),
    completedAt: tstz('completed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.frequency, t.periodStart] })],
);
