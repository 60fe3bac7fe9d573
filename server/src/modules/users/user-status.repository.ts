import { asc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { activeNow } from './active-now.ts';

/** What the status actions read of a user, deleted or not, locked until the transaction ends. */
export interface StatusRow {
  id: string;
  username: string;
  isAdmin: boolean;
  isRootAdmin: boolean;
  /** Active now: a suspension past its end counts as lifted. */
  active: boolean;
  suspensionReason: string | null;
  suspendedUntil: Date | null;
  deletedAt: Date | null;
}

export async function lockStatusRows(tx: Executor, ids: readonly string[]): Promise<StatusRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: users.id,
      username: users.username,
      isAdmin: users.isAdmin,
      isRootAdmin: users.isRootAdmin,
      active: activeNow,
      suspensionReason: users.suspensionReason,
      suspendedUntil: users.suspendedUntil,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(asc(users.id))
    .for('update');
}

/** Suspends: sign-in is refused and the users_end_sessions trigger ends every session in this statement. */
export async function setSuspended(
  tx: Executor,
  ids: readonly string[],
  reason: string,
  until: Date | null,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(users)
    .set({
      isActive: false,
      isOnline: false,
      suspensionReason: reason,
      suspendedUntil: until,
      updatedAt: sql`now()`,
    })
    .where(inArray(users.id, [...ids]));
}

export async function clearSuspension(tx: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(users)
    .set({ isActive: true, suspensionReason: null, suspendedUntil: null, updatedAt: sql`now()` })
    .where(inArray(users.id, [...ids]));
}

export async function clearDeleted(tx: Executor, id: string): Promise<void> {
  await tx
    .update(users)
    .set({ deletedAt: null, updatedAt: sql`now()` })
    .where(inArray(users.id, [id]));
}
