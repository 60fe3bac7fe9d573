import type { AppCall } from '@switchboard/contract/calling';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { calls } from '../../db/schema/calls.ts';
import { toAppCall } from './app-call.ts';

const USERS_PER_QUERY = 1000;

/**
 * The calls an instance's sockets may have missed news of: those they carry, as they stand (ended ones
 * too), and the app calls ringing for the users connected to it.
 */
export async function callsToResync(
  db: Executor,
  carriedIds: readonly number[],
  userIds: readonly string[],
): Promise<AppCall[]> {
  const found = new Map<number, AppCall>();
  const ringingFor = (ids: readonly string[]) =>
    and(eq(calls.status, 'ringing'), isNotNull(calls.dueAt), inArray(calls.calleeId, [...ids]));
  for (let i = 0; i === 0 || i < userIds.length; i += USERS_PER_QUERY) {
    const users = userIds.slice(i, i + USERS_PER_QUERY);
    const carried = i === 0 && carriedIds.length > 0 ? inArray(calls.id, [...carriedIds]) : undefined;
    const ringing = users.length > 0 ? ringingFor(users) : undefined;
    if (!carried && !ringing) continue;
    const rows = await db.select().from(calls).where(or(carried, ringing));
    for (const row of rows) found.set(row.id, toAppCall(row));
  }
  return [...found.values()];
}
