import {
  type AppCall,
  type AppCallType,
  CALL_REFUSALS,
  type CallRefusalCode,
  RING_TIMEOUT_SECONDS,
} from '@switchboard/contract/calling';
import type { UserPush } from '../../app-deps.ts';
import type { Database, Executor } from '../../db/client.ts';
import { MAX_CALL_SECONDS } from '../../db/schema/calls.ts';
import { applyCoinEntry } from '../coins/coin-ledger.ts';
import { findAccount, lockAccount } from '../coins/coins.repository.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { callBarredBy } from '../users/call-privacy.ts';
import { findAccountById } from '../users/users.repository.ts';
import { toAppCall } from './app-call.ts';
import { billedMinutes, billedSeconds, coinsOwed } from './call-billing.ts';
import { recordCallEvent } from './call-events.ts';
import * as lifecycle from './call-lifecycle.repository.ts';
import { callQualityFromMos } from './call-quality-estimate.ts';
import { CALL_RATES } from './call-rates.ts';
import type { CallRecord } from './call-row.ts';
import { settleCall } from './call-settlement.ts';
import { lockCall, updateCall } from './calls.repository.ts';

/** A step of a call the rules refuse; the socket answers it as `{ ok: false, code, message }`. */
export class CallRefusal extends Error {
  constructor(
    readonly code: CallRefusalCode,
    /** The call as it stands after the refusal, when the refusal itself changed it (failed for lack of coins). */
    readonly call?: AppCall,
  ) {
    super(CALL_REFUSALS[code]);
  }
}

export interface CallContext {
  db: Database;
  /** Parties' sockets on every instance hear of each transition through it (Redis adapter). */
  push: UserPush;
  /** The time the rules run at; tests move it instead of waiting. */
  clock: () => Date;
  /**
   * The instance (app_instances.id) whose sockets take the steps: each side of a call records where it is
   * carried, so that a survivor can take over the calls of an instance that is gone (server-lost.ts).
   */
  instanceId?: string;
}

type Terminal = 'ended' | 'missed' | 'declined' | 'failed';
type EndReason = NonNullable<CallRecord['endReason']>;

const seconds = (n: number) => n * 1000;

/** Coins per started minute for a call type, from the live settings; `tx` is the transaction it is read in. */
async function pricePerMinute(db: Database, tx: Executor | undefined, type: AppCallType): Promise<number> {
  const calling = await liveSettings(db).section('calling', tx);
  return type === 'video' ? calling.video_coins_per_minute : calling.voice_coins_per_minute;
}

async function balanceOf(db: Executor, userId: string): Promise<number> {
  return (await findAccount(db, userId))?.balance ?? 0;
}

/**
 * Places a call: it rings at the callee for RING_TIMEOUT_SECONDS. The callee's privacy setting
 * `allow_calls_from` is obeyed here, so every way of placing a call obeys it.
 */
export async function inviteCall(
  ctx: CallContext,
  callerId: string,
  input: { callee_id: string; type: AppCallType },
): Promise<AppCall> {
  if (input.callee_id === callerId) throw new CallRefusal('self');
  const call = await ctx.db.transaction(async (tx) => {
    await lifecycle.lockParties(tx, [callerId, input.callee_id]);
    const [caller, callee] = await Promise.all([
      findAccountById(tx, callerId),
      findAccountById(tx, input.callee_id),
    ]);
    if (!caller?.isActive) throw new CallRefusal('callee_unavailable');
    if (!callee?.isActive) throw new CallRefusal('callee_unavailable');
    // Before busy: someone the callee does not take calls from learns nothing of their calls.
    const barred = await callBarredBy(tx, callee.id, callerId);
    if (barred) throw new CallRefusal(`callee_${barred}`);
    if ((await lifecycle.liveCallOf(tx, callerId)) !== null) throw new CallRefusal('caller_busy');
    if ((await lifecycle.liveCallOf(tx, callee.id)) !== null) throw new CallRefusal('busy');
    const price = await pricePerMinute(ctx.db, tx, input.type);
    if (price > 0 && (await balanceOf(tx, callerId)) < price) throw new CallRefusal('insufficient_coins');
    const now = ctx.clock();
    const placed = await lifecycle.insertCall(tx, {
      callerId,
      calleeId: callee.id,
      callerUsername: caller.username,
      calleeUsername: callee.username,
      type: input.type,
      status: 'ringing',
      startedAt: now,
      dueAt: new Date(now.getTime() + seconds(RING_TIMEOUT_SECONDS)),
      callerInstanceId: ctx.instanceId ?? null,
      callerHeardAt: now,
    });
    await recordCallEvent(tx, 'call.started', placed);
    return placed;
  });
  const app = toAppCall(call);
  ctx.push.callChanged(app, { incoming: true });
  return app;
}

/**
 * The callee answers. Billing starts now; the call is cut at the length cap or when the caller's coins
 * would run out, whichever is first. A caller who can no longer pay for a minute makes it fail.
 */
export async function acceptCall(ctx: CallContext, userId: string, callId: number): Promise<AppCall> {
  const result = await ctx.db.transaction(async (tx) => {
    const call = await lockParty(tx, callId, userId);
    if (call.calleeId !== userId || call.status !== 'ringing') throw new CallRefusal('wrong_state');
    const now = ctx.clock();
    const price = await pricePerMinute(ctx.db, tx, call.type === 'video' ? 'video' : 'voice');
    const affordableMinutes =
      price > 0 && call.callerId ? Math.floor((await balanceOf(tx, call.callerId)) / price) : Infinity;
    if (affordableMinutes < 1)
      return { call: await finish(ctx.db, tx, call, 'failed', 'insufficient_coins', now), refused: true };
    const capSeconds = Math.min(MAX_CALL_SECONDS, affordableMinutes * 60);
    const active = await updateCall(tx, callId, {
      status: 'active',
      answeredAt: now,
      dueAt: new Date(now.getTime() + seconds(capSeconds)),
      calleeInstanceId: ctx.instanceId ?? null,
      calleeHeardAt: now,
      callerHeardAt: now,
    });
    await recordCallEvent(tx, 'call.answered', active);
    return { call: active, refused: false };
  });
  const app = toAppCall(result.call);
  ctx.push.callChanged(app);
  if (result.refused) throw new CallRefusal('insufficient_coins', app);
  return app;
}

export async function declineCall(ctx: CallContext, userId: string, callId: number): Promise<AppCall> {
  return transition(ctx, callId, userId, (call) => {
    if (call.calleeId !== userId || call.status !== 'ringing') throw new CallRefusal('wrong_state');
    return ['declined', 'declined'];
  });
}

/** Ends an active call; on a ringing one, the caller cancels it (missed) and the callee declines it. */
export async function hangUpCall(ctx: CallContext, userId: string, callId: number): Promise<AppCall> {
  return transition(ctx, callId, userId, (call) => {
    if (call.status === 'active') return ['ended', 'hangup'];
    if (call.status !== 'ringing') throw new CallRefusal('wrong_state');
    return call.callerId === userId ? ['missed', 'cancelled'] : ['declined', 'declined'];
  });
}

/**
 * A party's last socket on the call went away: the call cannot carry on. An answered call that never
 * carried media (no quality sample from either side) failed: the peer was gone before it connected,
 * and it is not billed. One that did carry media ended.
 */
export async function abandonCall(ctx: CallContext, userId: string, callId: number): Promise<AppCall | null> {
  try {
    return await transition(ctx, callId, userId, async (call, tx) => {
      if (call.status === 'active')
        return (await lifecycle.callMeanMos(tx, call.id)) === null
          ? ['failed', 'peer_disconnected']
          : ['ended', 'disconnected'];
      if (call.status === 'ringing' && call.callerId === userId) return ['missed', 'disconnected'];
      throw new CallRefusal('wrong_state');
    });
  } catch (error) {
    if (error instanceof CallRefusal) return null;
    throw error;
  }
}

/**
 * The callee tried to answer while the service was under maintenance: the call cannot be connected and
 * fails with that reason (both parties hear it); the caller of this function refuses the answer.
 */
export async function failRingingCall(
  ctx: CallContext,
  userId: string,
  callId: number,
  reason: 'maintenance',
): Promise<AppCall> {
  return transition(ctx, callId, userId, (call) => {
    if (call.calleeId !== userId || call.status !== 'ringing') throw new CallRefusal('wrong_state');
    return ['failed', reason];
  });
}

/** An admin ends a live call placed through the app (the Calls screen's end button); settled as any end. */
export async function forceEndCall(
  db: Database,
  tx: Executor,
  call: CallRecord,
  now: Date,
): Promise<CallRecord> {
  return finish(db, tx, call, call.status === 'ringing' ? 'missed' : 'ended', 'admin_ended', now);
}

/**
 * The coins an active call has cost so far, by the rule it will settle by: a call placed through the app
 * at the live per-minute price from its answer to its cut-off; a seeded one (no due time) as an admin's
 * end would settle it. Not active: 0.
 */
export async function runningCoins(db: Database, call: CallRecord, now: Date): Promise<number> {
  if (call.status !== 'active') return 0;
  if (call.dueAt === null) return settleCall(call, now, 'admin_ended').coinsUsed;
  return coinsOwed(
    billedSeconds(call, now),
    await pricePerMinute(db, undefined, call.type === 'video' ? 'video' : 'voice'),
  );
}

/**
 * Acts on each live call whose time has come: an unanswered one is missed, a long one ended. One call per
 * transaction, locked SKIP LOCKED, so several instances share the work and none acts twice. Returns how many.
 */
export async function runDueCallTimers(ctx: CallContext, max = 100): Promise<number> {
  let done = 0;
  for (; done < max; done++) {
    const now = ctx.clock();
    const call = await ctx.db.transaction(async (tx) => {
      const due = await lifecycle.lockNextDueCall(tx, now);
      if (!due) return null;
      if (serverLostBy(due, now)) {
        if (due.status === 'ringing') return finish(ctx.db, tx, due, 'missed', 'server_lost', now);
        return finish(ctx.db, tx, due, 'ended', 'server_lost', now, lastHeardAt(due));
      }
      if (due.status === 'ringing') return finish(ctx.db, tx, due, 'missed', 'ring_timeout', now);
      const capped =
        due.answeredAt &&
        due.dueAt &&
        due.dueAt.getTime() - due.answeredAt.getTime() >= seconds(MAX_CALL_SECONDS);
      return finish(ctx.db, tx, due, 'ended', capped ? 'max_duration' : 'coins_exhausted', now);
    });
    if (!call) break;
    ctx.push.callChanged(toAppCall(call));
  }
  return done;
}

/** Whether the call's wait for a lost side ran out before (or as) its own timer came due. */
const serverLostBy = (call: CallRecord, now: Date) =>
  call.reattachBy !== null &&
  call.reattachBy.getTime() <= now.getTime() &&
  (call.dueAt === null || call.reattachBy.getTime() <= call.dueAt.getTime());

/** The last moment either party of the call was heard from: the answer at the earliest. */
export function lastHeardAt(call: CallRecord): Date {
  const moments = [call.answeredAt, call.callerHeardAt, call.calleeHeardAt].filter((d) => d !== null);
  return new Date(Math.max(call.startedAt.getTime(), ...moments.map((d) => d.getTime())));
}

export async function lockParty(tx: Executor, callId: number, userId: string): Promise<CallRecord> {
  const call = await lockCall(tx, callId);
  if (!call) throw new CallRefusal('not_found');
  if (call.callerId !== userId && call.calleeId !== userId) throw new CallRefusal('not_party');
  // Ended calls, and seeded rows that were never connected, have no due time.
  if (call.dueAt === null) throw new CallRefusal('wrong_state');
  return call;
}

async function transition(
  ctx: CallContext,
  callId: number,
  userId: string,
  decide: (call: CallRecord, tx: Executor) => [Terminal, EndReason] | Promise<[Terminal, EndReason]>,
): Promise<AppCall> {
  const ended = await ctx.db.transaction(async (tx) => {
    const call = await lockParty(tx, callId, userId);
    const [status, reason] = await decide(call, tx);
    return finish(ctx.db, tx, call, status, reason, ctx.clock());
  });
  const app = toAppCall(ended);
  ctx.push.callChanged(app);
  return app;
}

/**
 * Closes a live call in the caller's transaction: duration, quality and cost settle together with the
 * ledger entry that spends the coins, or not at all. Billing is per started minute from the answer, at
 * most up to the call's cut-off (its due time) and to `billedUntil` (a call whose server was lost: the
 * last moment a party was heard from), and never more than the caller holds at the end.
 */
async function finish(
  db: Database,
  tx: Executor,
  call: CallRecord,
  status: Terminal,
  reason: EndReason,
  now: Date,
  billedUntil: Date = now,
): Promise<CallRecord> {
  const ended = await settle(db, tx, call, status, reason, now, billedUntil);
  await recordCallEvent(tx, 'call.ended', ended);
  return ended;
}

async function settle(
  db: Database,
  tx: Executor,
  call: CallRecord,
  status: Terminal,
  reason: EndReason,
  now: Date,
  billedUntil: Date,
): Promise<CallRecord> {
  const base = {
    status,
    endReason: reason,
    endedAt: now,
    dueAt: null,
    reattachBy: null,
    callerInstanceId: null,
    calleeInstanceId: null,
  };
  // A call that failed carried nothing worth billing.
  if (call.status !== 'active' || !call.answeredAt || status === 'failed')
    return updateCall(tx, call.id, { ...base, duration: 0, cost: 0, coinsUsed: 0 });
  const duration = billedSeconds(call, new Date(Math.min(now.getTime(), billedUntil.getTime())));
  const minutes = billedMinutes(duration);
  const type = call.type === 'video' ? 'video' : 'voice';
  const owed = coinsOwed(duration, await pricePerMinute(db, tx, type));
  let coinsUsed = 0;
  if (owed > 0 && call.callerId) {
    const account = await lockAccount(tx, call.callerId);
    coinsUsed = Math.min(owed, account?.balance ?? 0);
    if (coinsUsed > 0)
      await applyCoinEntry(tx, {
        userId: call.callerId,
        amount: -coinsUsed,
        type: 'spend',
        description: `${type === 'video' ? 'Video' : 'Voice'} call with ${call.calleeUsername ?? 'a user'} (${minutes} min)`,
        idempotencyKey: `call:${call.id}`,
        referenceId: String(call.id),
        referenceType: 'call',
        createdBy: null,
      });
  }
  return updateCall(tx, call.id, {
    ...base,
    duration,
    quality: callQualityFromMos(await lifecycle.callMeanMos(tx, call.id)),
    cost: Math.round(minutes * CALL_RATES[type].usd * 100) / 100,
    coinsUsed,
  });
}
