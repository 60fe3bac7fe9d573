import type { AdminUserRow } from '@switchboard/contract/users';
import type { Executor } from '../../db/client.ts';
import { enqueueWebhookEvent } from '../webhook-outbox/webhook-outbox.ts';

const ordering = (userId: string) => `user:${userId}`;

/** `user.created`, in the transaction that inserts the account. */
export async function recordUserCreated(tx: Executor, user: AdminUserRow): Promise<void> {
  await enqueueWebhookEvent(tx, {
    type: 'user.created',
    data: {
      id: user.id,
      username: user.username,
      email: user.email,
      is_admin: user.is_admin,
      created_at: user.created_at,
    },
    orderingKey: ordering(user.id),
  });
}

/** `user.suspended`, one per user the suspension changed. */
export async function recordUsersSuspended(
  tx: Executor,
  users: readonly { id: string; username: string }[],
  suspension: { reason: string; until: Date | null },
): Promise<void> {
  for (const user of users)
    await enqueueWebhookEvent(tx, {
      type: 'user.suspended',
      data: {
        id: user.id,
        username: user.username,
        reason: suspension.reason,
        until: suspension.until?.toISOString() ?? null,
      },
      orderingKey: ordering(user.id),
    });
}

/** `user.deleted`, one per deleted user. */
export async function recordUsersDeleted(tx: Executor, users: readonly AdminUserRow[]): Promise<void> {
  for (const user of users)
    await enqueueWebhookEvent(tx, {
      type: 'user.deleted',
      data: { id: user.id, username: user.username },
      orderingKey: ordering(user.id),
    });
}
