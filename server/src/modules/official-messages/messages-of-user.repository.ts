import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { officialMessageRecipients, officialMessages } from '../../db/schema/official-messages.ts';

/** The export: every official message the user received, with its read and acknowledged times. */
export async function officialMessagesReceivedBy(db: Executor, userId: string) {
  return db
    .select({
      message_id: officialMessageRecipients.messageId,
      title: officialMessages.title,
      delivered_at: officialMessageRecipients.deliveredAt,
      read_at: officialMessageRecipients.readAt,
      acknowledged_at: officialMessageRecipients.acknowledgedAt,
    })
    .from(officialMessageRecipients)
    .innerJoin(officialMessages, eq(officialMessages.id, officialMessageRecipients.messageId))
    .where(eq(officialMessageRecipients.userId, userId))
    .orderBy(asc(officialMessageRecipients.messageId));
}
