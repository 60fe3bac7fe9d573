import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notificationRecipients } from '../../db/schema/notifications.ts';

/**
 * Marks the user's copy of a notification read (and delivered, if it had not been); the first times stay.
 * The notification's read_count follows by trigger. Undefined when the user was not a recipient.
 */
export async function markNotificationRead(db: Executor, notificationId: number, userId: string) {
  const [row] = await db
    .update(notificationRecipients)
    .set({
      deliveredAt: sql`coalesce(${notificationRecipients.deliveredAt}, now())`,
      readAt: sql`coalesce(${notificationRecipients.readAt}, now())`,
    })
    .where(
      and(
        eq(notificationRecipients.notificationId, notificationId),
        eq(notificationRecipients.userId, userId),
      ),
    )
    .returning();
  return row;
}
