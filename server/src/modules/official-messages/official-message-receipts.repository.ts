import type { OfficialMessageMark } from '@switchboard/contract/app-actions';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { officialMessageRecipients as r } from '../../db/schema/official-messages.ts';

const stamp = (column: PgColumn): SQL => sql`coalesce(${column}, now())`;

/**
 * Marks the user's copy of an official message; a later mark fills the earlier ones (read is delivered too,
 * acknowledged is read too) and the first times stay. The message's counts follow by trigger. Undefined when
 * the user was not a recipient.
 */
export async function markOfficialMessage(
  db: Executor,
  messageId: number,
  userId: string,
  mark: OfficialMessageMark,
) {
  const [row] = await db
    .update(r)
    .set({
      deliveredAt: stamp(r.deliveredAt),
      ...(mark !== 'delivered' ? { readAt: stamp(r.readAt) } : {}),
      ...(mark === 'acknowledged' ? { acknowledgedAt: stamp(r.acknowledgedAt) } : {}),
    })
    .where(and(eq(r.messageId, messageId), eq(r.userId, userId)))
    .returning();
  return row;
}
