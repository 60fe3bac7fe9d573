import { APP_ACTION_MESSAGES, type NotificationReceipt } from '@switchboard/contract/app-actions';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/http-error.ts';
import { markNotificationRead } from './notification-receipts.repository.ts';

/** The app marks a notification it received as read; one it was not sent is 404. */
export async function readNotification(db: Database, me: string, id: number): Promise<NotificationReceipt> {
  const row = await markNotificationRead(db, id, me);
  if (!row) throw notFound(APP_ACTION_MESSAGES.notificationNotFound);
  return {
    notification_id: row.notificationId,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    read_at: row.readAt?.toISOString() ?? null,
  };
}
