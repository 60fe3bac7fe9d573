import { type AppCall, CALL_REATTACH_GRACE_SECONDS } from '@switchboard/contract/calling';
import { inArray, notInArray, sql } from 'drizzle-orm';
import { toAppCall } from './app-call.ts';
import { type CallContext, CallRefusal, lockParty } from './call-lifecycle.service.ts';
import { type CallSide, carrySide, detachSides } from './call-sides.repository.ts';

/*
 * A live call outlives the server its parties were connected to. Each side of a call records the instance
 * that carries it (calls.caller_instance_id / callee_instance_id). When that instance stops (drain) or is
 * found dead (its heartbeat lapsed), the side is detached: the call stays live and waits until
 * `reattach_by` (CALL_REATTACH_GRACE_SECONDS) for the party to reconnect to any instance and send
 * `call_reattach`. If nobody does, the call timers end it `server_lost`, billed to the last moment either
 * party was heard from (call-lifecycle.service.ts).
 */

export { CALL_REATTACH_GRACE_SECONDS };

const graceEnd = (now: Date) => new Date(now.getTime() + CALL_REATTACH_GRACE_SECONDS * 1000);

/**
 * A party's new socket carries its live call again. Answers the call and the side this socket now carries,
 * or no side for a callee whose call still rings (its new socket rings already, through its user room).
 */
export async function reattachCall(
  ctx: CallContext,
  userId: string,
  callId: number,
): Promise<{ call: AppCall; side: CallSide | null }> {
  const result = await ctx.db.transaction(async (tx) => {
    const call = await lockParty(tx, callId, userId);
    if (call.status !== 'ringing' && call.status !== 'active') throw new CallRefusal('wrong_state');
    const side: CallSide = call.callerId === userId ? 'caller' : 'callee';
    if (side === 'callee' && call.status === 'ringing') return { call, side: null, waited: false };
    const carried = await carrySide(tx, callId, side, ctx.instanceId, ctx.clock());
    if (!carried) throw new CallRefusal('wrong_state');
    return { call: carried, side, waited: call.reattachBy !== null && carried.reattachBy === null };
  });
  const app = toAppCall(result.call);
  // The other party heard that the call waited for this one; it hears that it waits no more.
  if (result.waited) ctx.push.callChanged(app);
  return { call: app, side: result.side };
}

/**
 * A stopping instance lets go of the calls its sockets carry: each waits for its party to re-attach
 * elsewhere. Returns how many.
 */
export async function detachInstanceCalls(ctx: CallContext, instanceIds: readonly string[]): Promise<number> {
  if (instanceIds.length === 0) return 0;
  const ids = [...instanceIds];
  const changed = await ctx.db.transaction((tx) =>
    detachSides(tx, (column) => inArray(column, ids), graceEnd(ctx.clock())),
  );
  for (const call of changed) ctx.push.callChanged(toAppCall(call));
  return changed.length;
}

/**
 * A survivor takes over the calls of instances that are gone (no heartbeat row any more, see
 * calling/presence-heartbeat.ts): both parties hear `call_state` with `reattach_by`. Returns how many.
 */
export async function takeOverLostCalls(
  ctx: CallContext,
  liveInstanceIds: readonly string[],
): Promise<number> {
  const alive = [...liveInstanceIds];
  const changed = await ctx.db.transaction((tx) =>
    detachSides(
      tx,
      (column) => (alive.length > 0 ? notInArray(column, alive) : sql`true`),
      graceEnd(ctx.clock()),
    ),
  );
  for (const call of changed) ctx.push.callChanged(toAppCall(call));
  return changed.length;
}
