import type { NotificationFrequency } from '@switchboard/contract/settings';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userSettings } from '../../db/schema/users.ts';

/** How many user ids one lookup names. */
const LOOKUP_CHUNK = 5000;

/**
 * A user's notification frequency as SQL, for the digest statement: their own choice (app settings), else
 * the system's (Settings → Notifications), which the caller reads and passes.
 */
export const notificationFrequencyOf = (userId: SQL, systemDefault: NotificationFrequency): SQL =>
  sql`coalesce((select ${userSettings.settings}->>'notification_frequency' from ${userSettings}
    where ${userSettings.userId} = ${userId}), ${systemDefault}::text)`;

/** Of these users, the ones who get each notification as it is sent (frequency `immediate`). */
export async function immediateUsersAmong(
  db: Executor,
  userIds: readonly string[],
  systemDefault: NotificationFrequency,
): Promise<string[]> {
  const chosen = new Map<string, string>();
  for (let i = 0; i < userIds.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .select({
        userId: userSettings.userId,
        frequency: sql<string>`${userSettings.settings}->>'notification_frequency'`,
      })
      .from(userSettings)
      .where(
        sql`${userSettings.userId} = any(${sql.param(userIds.slice(i, i + LOOKUP_CHUNK))}::text[])
          and ${userSettings.settings}->>'notification_frequency' is not null`,
      );
    for (const row of rows) chosen.set(row.userId, row.frequency);
  }
  return userIds.filter((id) => (chosen.get(id) ?? systemDefault) === 'immediate');
}
