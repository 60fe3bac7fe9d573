import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, oneOf, tstz } from './columns.ts';

/** The longest direct message, in characters. */
export const MESSAGE_MAX_LENGTH = 1000;

import { users } from './users.ts';

export const MESSAGE_TYPES = ['text', 'image', 'audio', 'video'] as const;

/** Direct messages between calling-app users. */
export const messages = pgTable(
  'messages',
  {
    id: bigId(),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    recipientId: text('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    messageType: text('message_type', { enum: MESSAGE_TYPES }).notNull().default('text'),
    isRead: boolean('is_read').notNull().default(false),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('messages_sender_idx').on(t.senderId, t.createdAt.desc().nullsFirst()),
    index('messages_recipient_idx').on(t.recipientId, t.createdAt.desc().nullsFirst()),
    check('messages_message_type_check', oneOf(t.messageType, MESSAGE_TYPES)),
    check(
      'messages_content_length_check',
      sql`char_length(${t.content}) <= ${sql.raw(String(MESSAGE_MAX_LENGTH))}`,
    ),
  ],
);
