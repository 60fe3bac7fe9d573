import {
  type ListNotificationsQuery,
  NOTIFICATION_LIST_LIMIT,
  type Notification,
  RECENT_ACTIVITY_LIMIT,
} from '@switchboard/contract/notifications';
import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { readCounters } from '../../db/row-counts.ts';
import { notificationRecipients, notifications } from '../../db/schema/notifications.ts';
import type { BroadcastStore } from '../messaging/broadcast.ts';

export type NotificationRecord = typeof notifications.$inferSelect;
export type NotificationValues = Pick<
  typeof notifications.$inferInsert,
  | 'title'
  | 'message'
  | 'type'
  | 'priority'
  | 'targetAudience'
  | 'targetUserIds'
  | 'isScheduled'
  | 'scheduledAt'
  | 'status'
>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toNotification = (r: NotificationRecord): Notification => ({
  id: r.id,
  title: r.title,
  message: r.message,
  type: r.type,
  priority: r.priority,
  target_audience: r.targetAudience,
  target_user_ids: r.targetUserIds,
  is_scheduled: r.isScheduled,
  scheduled_at: iso(r.scheduledAt),
  status: r.status,
  sent_at: iso(r.sentAt),
  read_count: r.readCount,
  total_recipients: r.totalRecipients,
  created_at: r.createdAt.toISOString(),
  created_by: r.createdBy,
});

/** The newest matching notifications, one more than shown to tell whether there are more. */
export async function listNotifications(db: Executor, query: ListNotificationsQuery) {
  const pattern = containsPattern(query.search);
  const where = and(
    query.status === 'all' ? undefined : eq(notifications.status, query.status),
    query.type === 'all' ? undefined : eq(notifications.type, query.type),
    query.search ? or(ilike(notifications.title, pattern), ilike(notifications.message, pattern)) : undefined,
  );
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT + 1);
  return {
    rows: rows.slice(0, NOTIFICATION_LIST_LIMIT).map(toNotification),
    hasMore: rows.length > NOTIFICATION_LIST_LIMIT,
  };
}

const STAT_COUNTERS = [
  'notifications.total',
  'notifications.sent',
  'notifications.scheduled',
  'notifications.draft',
  'notifications.sent_recipients',
  'notifications.sent_reads',
  /** Digests delivered, kept by the notification_digests insert trigger. */
  'notifications.digests',
] as const;

/** Stat-card figures from the counters the notifications_row_counts trigger keeps. */
export const readNotificationCounters = (db: Executor) => readCounters(db, STAT_COUNTERS);

export async function recentlySent(db: Executor) {
  return db
    .select({
      id: notifications.id,
      title: notifications.title,
      sentAt: notifications.sentAt,
      readCount: notifications.readCount,
      totalRecipients: notifications.totalRecipients,
    })
    .from(notifications)
    .where(eq(notifications.status, 'sent'))
    .orderBy(desc(notifications.sentAt), desc(notifications.id))
    .limit(RECENT_ACTIVITY_LIMIT);
}

export async function findNotification(db: Executor, id: number, forUpdate = false) {
  const query = db.select().from(notifications).where(eq(notifications.id, id));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

export async function insertNotification(db: Executor, values: NotificationValues & { createdBy: string }) {
  const [row] = await db.insert(notifications).values(values).returning();
  if (!row) throw new Error('notification insert returned nothing');
  return row;
}

export async function updateNotification(db: Executor, id: number, values: Partial<NotificationRecord>) {
  const [row] = await db
    .update(notifications)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(notifications.id, id))
    .returning();
  if (!row) throw new Error('notification update returned nothing');
  return row;
}

export async function deleteNotification(db: Executor, id: number): Promise<void> {
  await db.delete(notifications).where(eq(notifications.id, id));
}

/** A send whose last batch is older than this has stopped (its process ended) and may be resumed. */
const STALLED = sql`now() - interval '1 minute'`;

/**
 * The next notification to send that no other instance is sending, locked until the transaction ends: a
 * due scheduled one, or one whose batched send stopped mid-way.
 */
export async function lockNextDue(db: Executor): Promise<NotificationRecord | undefined> {
  const n = notifications;
  const [row] = await db
    .select()
    .from(n)
    .where(
      or(
        and(eq(n.status, 'scheduled'), isNull(n.deliveryAt), sql`${n.scheduledAt} <= now()`),
        sql`${n.deliveryAt} < ${STALLED}`,
      ),
    )
    .orderBy(n.scheduledAt, n.id)
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** How the batched send (messaging/broadcast.ts) writes and tracks a notification: it stays draft or scheduled until sent. */
export const notificationBroadcast: BroadcastStore<NotificationRecord, Notification> = {
  audience: (row) => ({ audience: row.targetAudience, userIds: row.targetUserIds }),
  insertRecipients: (id, batch) => sql`insert into ${notificationRecipients} (notification_id, user_id)
    select ${id}, b.user_id from (${batch}) b on conflict do nothing returning user_id`,
  update: updateNotification,
  lockNext: lockNextDue,
  present: toNotification,
};

/** Marks one recipient's notification read once; false when it was already read or never sent to them. */
export async function markRead(db: Executor, notificationId: number, userId: string): Promise<boolean> {
  const rows = await db
    .update(notificationRecipients)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notificationRecipients.notificationId, notificationId),
        eq(notificationRecipients.userId, userId),
        isNull(notificationRecipients.readAt),
      ),
    )
    .returning({ userId: notificationRecipients.userId });
  return rows.length > 0;
}

export async function isRecipient(db: Executor, notificationId: number, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: notificationRecipients.userId })
    .from(notificationRecipients)
    .where(
      and(
        eq(notificationRecipients.notificationId, notificationId),
        eq(notificationRecipients.userId, userId),
      ),
    );
  return row !== undefined;
}
