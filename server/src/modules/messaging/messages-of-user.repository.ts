import { asc, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { messages } from '../../db/schema/messaging.ts';

/** The export: the direct messages the user sent or received. */
export async function directMessagesOf(db: Executor, userId: string) {
  return db
    .select()
    .from(messages)
    .where(or(eq(messages.senderId, userId), eq(messages.recipientId, userId)))
    .orderBy(asc(messages.id));
}
