import { OFFICIAL_MESSAGE_LIST_LIMIT, type OfficialMessage } from '@switchboard/contract/official-messages';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { officialMessageRecipients, officialMessages } from '../../db/schema/official-messages.ts';
import type { BroadcastStore } from '../messaging/broadcast.ts';

export type MessageRecord = typeof officialMessages.$inferSelect;
export type MessageValues = Pick<
  typeof officialMessages.$inferInsert,
  | 'title'
  | 'content'
  | 'messageType'
  | 'priority'
  | 'isImportant'
  | 'isSticky'
  | 'isUrgent'
  | 'imageUrl'
  | 'imageAlt'
>;

export const toOfficialMessage = (r: MessageRecord): OfficialMessage => ({
  id: r.id,
  title: r.title,
  content: r.content,
  message_type: r.messageType,
  priority: r.priority,
  is_important: r.isImportant,
  is_sticky: r.isSticky,
  is_urgent: r.isUrgent,
  image_url: r.imageUrl,
  image_alt: r.imageAlt,
  status: r.status,
  sent_at: r.sentAt?.toISOString() ?? null,
  total_recipients: r.totalRecipients,
  delivered_count: r.deliveredCount,
  read_count: r.readCount,
  acknowledged_count: r.acknowledgedCount,
  created_at: r.createdAt.toISOString(),
  created_by: r.createdBy,
});

/** The newest messages; the counts are the columns the recipient triggers keep, not joins. */
export async function listMessages(db: Executor) {
  const rows = await db
    .select()
    .from(officialMessages)
    .orderBy(desc(officialMessages.createdAt), desc(officialMessages.id))
    .limit(OFFICIAL_MESSAGE_LIST_LIMIT + 1);
  return {
    rows: rows.slice(0, OFFICIAL_MESSAGE_LIST_LIMIT).map(toOfficialMessage),
    hasMore: rows.length > OFFICIAL_MESSAGE_LIST_LIMIT,
  };
}

export async function findMessage(db: Executor, id: number, forUpdate = false) {
  const query = db.select().from(officialMessages).where(eq(officialMessages.id, id));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

export async function insertMessage(db: Executor, values: MessageValues & { createdBy: string }) {
  const [row] = await db.insert(officialMessages).values(values).returning();
  if (!row) throw new Error('official message insert returned nothing');
  return row;
}

export async function updateMessage(db: Executor, id: number, values: Partial<MessageRecord>) {
  const [row] = await db
    .update(officialMessages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(officialMessages.id, id))
    .returning();
  if (!row) throw new Error('official message update returned nothing');
  return row;
}

export async function deleteMessage(db: Executor, id: number): Promise<void> {
  await db.delete(officialMessages).where(eq(officialMessages.id, id));
}

/** A send in status `sending` whose last batch is older than this has stopped and may be resumed. */
export async function lockNextStalled(db: Executor): Promise<MessageRecord | undefined> {
  const [row] = await db
    .select()
    .from(officialMessages)
    .where(sql`${officialMessages.deliveryAt} < now() - interval '1 minute'`)
    .orderBy(officialMessages.deliveryAt)
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** How the batched send (messaging/broadcast.ts) writes and tracks a message: to every reachable user, as `sending`. */
export const messageBroadcast: BroadcastStore<MessageRecord, OfficialMessage, 'sending'> = {
  audience: () => ({ audience: 'all', userIds: [] }),
  insertRecipients: (id, batch) => sql`insert into ${officialMessageRecipients} (message_id, user_id)
    select ${id}, b.user_id from (${batch}) b on conflict do nothing returning user_id`,
  sendingStatus: 'sending',
  update: updateMessage,
  lockNext: lockNextStalled,
  present: toOfficialMessage,
};

export type RecipientStep = 'delivered' | 'read' | 'acknowledged';

/**
 * Records a step once: the first call sets its time (and the earlier steps' times if unset, since a
 * message read was delivered); later calls change nothing. True when this call set it.
 */
export async function markStep(db: Executor, messageId: number, userId: string, step: RecipientStep) {
  const now = new Date();
  const r = officialMessageRecipients;
  const column = { delivered: r.deliveredAt, read: r.readAt, acknowledged: r.acknowledgedAt }[step];
  const set = {
    deliveredAt: sql`coalesce(${r.deliveredAt}, ${now})`,
    ...(step !== 'delivered' ? { readAt: sql`coalesce(${r.readAt}, ${now})` } : {}),
    ...(step === 'acknowledged' ? { acknowledgedAt: now } : {}),
  };
  const rows = await db
    .update(r)
    .set(set)
    .where(and(eq(r.messageId, messageId), eq(r.userId, userId), isNull(column)))
    .returning({ userId: r.userId });
  return rows.length > 0;
}

export async function isRecipient(db: Executor, messageId: number, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: officialMessageRecipients.userId })
    .from(officialMessageRecipients)
    .where(
      and(eq(officialMessageRecipients.messageId, messageId), eq(officialMessageRecipients.userId, userId)),
    );
  return row !== undefined;
}
