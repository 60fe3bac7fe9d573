import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notificationRecipients, notifications } from '../../db/schema/notifications.ts';

/** The export: every notification the user received, with when it was delivered and read. */
export async function notificationsReceivedBy(db: Executor, userId: string) {
  return db
    .select({
      notification_id: notificationRecipients.notificationId,
      title: notifications.title,
      message: notifications.message,
      type: notifications.type,
      delivered_at: notificationRecipients.deliveredAt,
      read_at: notificationRecipients.readAt,
    })
    .from(notificationRecipients)
    .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
    .where(eq(notificationRecipients.userId, userId))
    .orderBy(asc(notificationRecipients.notificationId));
}
