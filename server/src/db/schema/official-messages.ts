import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { oneOf } from './checks.ts';
import { bigId, createdAt, deliveryColumns, tstz, updatedAt } from './columns.ts';
import { users } from './users.ts';

export { OFFICIAL_MESSAGE_PRIORITIES, OFFICIAL_MESSAGE_STATUSES, OFFICIAL_MESSAGE_TYPES };

import {
  OFFICIAL_MESSAGE_PRIORITIES,
  OFFICIAL_MESSAGE_STATUSES,
  OFFICIAL_MESSAGE_TYPES,
} from '@switchboard/contract/official-messages';

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
    /** Kept by a trigger on official_message_recipients, so lists never count recipient rows. */
    totalRecipients: integer('total_recipients').notNull().default(0),
    deliveredCount: integer('delivered_count').notNull().default(0),
    readCount: integer('read_count').notNull().default(0),
    acknowledgedCount: integer('acknowledged_count').notNull().default(0),
    /** While a send (status `sending`) is under way. */
    ...deliveryColumns(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('official_messages_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('official_messages_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('official_messages_delivery_idx').on(t.deliveryAt).where(sql`${t.deliveryAt} is not null`),
    check(
      'official_messages_delivery_check',
      sql`${t.deliveryAt} is null or (${t.status} = 'sending' and ${t.deliveryCursor} is not null)`,
    ),
    check('official_messages_type_check', oneOf('message_type', OFFICIAL_MESSAGE_TYPES)),
    check('official_messages_priority_check', oneOf('priority', OFFICIAL_MESSAGE_PRIORITIES)),
    check('official_messages_status_check', oneOf('status', OFFICIAL_MESSAGE_STATUSES)),
    check(
      'official_messages_counts_range',
      sql`read_count between 0 and total_recipients and acknowledged_count between 0 and total_recipients
          and delivered_count between 0 and total_recipients`,
    ),
  ],
);

export const officialMessageRecipients = pgTable(
  'official_message_recipients',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => officialMessages.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    deliveredAt: tstz('delivered_at'),
    readAt: tstz('read_at'),
    acknowledgedAt: tstz('acknowledged_at'),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index('official_message_recipients_user_idx').on(t.userId),
  ],
);
