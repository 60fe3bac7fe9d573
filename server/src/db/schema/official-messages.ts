import { bigint, boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tstz, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const OFFICIAL_MESSAGE_TYPES = [
  'announcement',
  'notification',
  'update',
  'warning',
  'maintenance',
] as const;
export const OFFICIAL_MESSAGE_PRIORITIES = ['low', 'normal', 'high', 'urgent', 'critical'] as const;
export const OFFICIAL_MESSAGE_STATUSES = ['draft', 'sending', 'sent', 'failed', 'cancelled'] as const;

export const officialMessages = pgTable(
  'official_messages',
  {
    id: bigId(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    messageType: text('message_type', { enum: OFFICIAL_MESSAGE_TYPES }).notNull().default('announcement'),
    priority: text('priority', { enum: OFFICIAL_MESSAGE_PRIORITIES }).notNull().default('normal'),
    isImportant: boolean('is_important').notNull().default(false),
    isSticky: boolean('is_sticky').notNull().default(false),
    isUrgent: boolean('is_urgent').notNull().default(false),
    imageUrl: text('image_url'),
    imageAlt: text('image_alt'),
    status: text('status', { enum: OFFICIAL_MESSAGE_STATUSES }).notNull().default('draft'),
    sentAt: tstz('sent_at'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('official_messages_status_idx').on(t.status, t.createdAt.desc().nullsFirst())],
);

export const officialMessageRecipients = pgTable(
  'official_message_recipients',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => officialMessages.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveredAt: tstz('delivered_at'),
    readAt: tstz('read_at'),
    acknowledgedAt: tstz('acknowledged_at'),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index('official_message_recipients_user_idx').on(t.userId),
  ],
);
