import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { calls } from '../../db/schema/calls.ts';
import type { CallRecord } from './call-row.ts';
import { LIVE_STATUSES } from './calls.repository.ts';

export type CallSide = 'caller' | 'callee';

const instanceOf = (side: CallSide) => (side === 'caller' ? calls.callerInstanceId : calls.calleeInstanceId);
const heardOf = (side: CallSide) => (side === 'caller' ? calls.callerHeardAt : calls.calleeHeardAt);
const other = (side: CallSide): CallSide => (side === 'caller' ? 'callee' : 'caller');

/** A live call placed through the app (seeded rows have no due time). */
const live = and(inArray(calls.status, [...LIVE_STATUSES]), isNotNull(calls.dueAt));

/**
 * The side is carried by a socket of `instanceId` from `now`. While the other side's server is still gone
 * the call keeps waiting for it (`reattach_by` stays); once both are carried it waits no more.
 */
export async function carrySide(
  tx: Executor,
  callId: number,
  side: CallSide,
  instanceId: string | undefined,
  now: Date,
): Promise<CallRecord | undefined> {
  const [row] = await tx
    .update(calls)
    .set({
      ...(side === 'caller'
        ? { callerInstanceId: instanceId ?? null, callerHeardAt: now }
        : { calleeInstanceId: instanceId ?? null, calleeHeardAt: now }),
      // A ringing call has no callee side yet: only a lost caller keeps it waiting.
      reattachBy: sql`case when ${calls.status} = 'ringing' or ${instanceOf(other(side))} is not null
        then null else ${calls.reattachBy} end`,
    })
    .where(and(eq(calls.id, callId), live))
    .returning();
  return row;
}

/** The side was heard from at `at` (never moves back). */
export async function markSideHeard(db: Executor, callId: number, side: CallSide, at: Date): Promise<void> {
  const greatest = sql`greatest(${heardOf(side)}, ${at})`;
  await db
    .update(calls)
    .set(side === 'caller' ? { callerHeardAt: sql`${greatest}` } : { calleeHeardAt: sql`${greatest}` })
    .where(and(eq(calls.id, callId), live));
}

/**
 * The sides of live calls carried by instances that are gone (`gone(column)` says which): each loses its
 * instance, and the call waits until `reattachBy` for it to re-attach. Returns the calls changed.
 */
export async function detachSides(
  tx: Executor,
  gone: (instanceColumn: typeof calls.callerInstanceId | typeof calls.calleeInstanceId) => SQL,
  reattachBy: Date,
): Promise<CallRecord[]> {
  const callerGone = sql`(${calls.callerInstanceId} is not null and ${gone(calls.callerInstanceId)})`;
  const calleeGone = sql`(${calls.calleeInstanceId} is not null and ${gone(calls.calleeInstanceId)})`;
  return tx
    .update(calls)
    .set({
      callerInstanceId: sql`case when ${callerGone} then null else ${calls.callerInstanceId} end`,
      calleeInstanceId: sql`case when ${calleeGone} then null else ${calls.calleeInstanceId} end`,
      reattachBy: sql`coalesce(${calls.reattachBy}, ${reattachBy})`,
    })
    .where(and(live, or(callerGone, calleeGone)))
    .returning();
}
