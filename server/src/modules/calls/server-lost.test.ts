import { type AppCall, CALL_REATTACH_GRACE_SECONDS } from '@switchboard/contract/calling';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coinAccounts } from '../../db/schema/coins.ts';
import { createUserPush } from '../../realtime/user-push.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { liveSettings } from '../settings/live-settings.ts';
import {
  acceptCall,
  type CallContext,
  CallRefusal,
  hangUpCall,
  inviteCall,
  runDueCallTimers,
} from './call-lifecycle.service.ts';
import { markSideHeard } from './call-sides.repository.ts';
import { detachInstanceCalls, reattachCall, takeOverLostCalls } from './server-lost.ts';

const SECOND = 1000;
const GRACE = CALL_REATTACH_GRACE_SECONDS * SECOND;

/** Alice is connected to instance A, Bob to instance B; A goes away (crash or stop). */
describe('calls whose server is lost', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-25T12:00:00Z');
  const pushed: AppCall[] = [];
  let onA: CallContext;
  let onB: CallContext;
  let n = 0;
  const person = (coins = 100) => insertUser(t.db, { username: `lost${++n}`, coinBalance: coins });
  const balance = async (userId: string) =>
    (await t.db.select().from(coinAccounts).where(eq(coinAccounts.userId, userId)))[0]?.balance ?? 0;
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: unknown) => (error instanceof CallRefusal ? error.code : String(error)),
    );

  beforeAll(async () => {
    t = await createTestApp();
    const push = createUserPush();
    push.callChanged = (call) => void pushed.push(call);
    const clock = () => new Date(now);
    onA = { db: t.db, push, clock, instanceId: 'instance-a' };
    onB = { db: t.db, push, clock, instanceId: 'instance-b' };
  });
  afterAll(() => t.close());
  beforeEach(() => {
    pushed.length = 0;
  });

  /** An active voice call: Alice (on A) called Bob (on B), who answered. */
  const activeCall = async () => {
    const [alice, bob] = [await person(), await person()];
    const ringing = await inviteCall(onA, alice.id, { callee_id: bob.id, type: 'voice' });
    now += 2 * SECOND;
    const active = await acceptCall(onB, bob.id, ringing.id);
    pushed.length = 0;
    return { alice, bob, call: active, answeredAt: now };
  };

  it('ends server_lost after the grace window, billed to the last moment a party was heard from, not to the due time', async () => {
    const { alice, call, answeredAt } = await activeCall();
    // Alice's app was last heard 70 s after the answer; then instance A was killed, and Bob hung on silent.
    now += 70 * SECOND;
    await markSideHeard(t.db, call.id, 'caller', new Date(now));
    now += 20 * SECOND;

    // B finds A gone (only B's heartbeat row stands): both parties hear that the call waits for Alice.
    expect(await takeOverLostCalls(onB, ['instance-b'])).toBe(1);
    expect(pushed).toMatchObject([
      { id: call.id, status: 'active', reattach_by: new Date(now + GRACE).toISOString() },
    ]);
    // Taken over once: the next beat finds nothing more to do.
    expect(await takeOverLostCalls(onB, ['instance-b'])).toBe(0);

    now += GRACE - SECOND;
    expect(await runDueCallTimers(onB)).toBe(0);
    now += SECOND;
    expect(await runDueCallTimers(onB)).toBe(1);
    const ended = pushed.at(-1);
    expect(ended).toMatchObject({ id: call.id, status: 'ended', end_reason: 'server_lost', duration: 70 });
    expect(Date.parse(ended?.ended_at ?? '')).toBe(now);
    // 70 s is two started minutes; the call was not billed for the 20 s of silence, the grace, or its due time.
    const { voice_coins_per_minute: price } = await liveSettings(t.db).section('calling');
    expect(ended?.coins_used).toBe(2 * price);
    expect(await balance(alice.id)).toBe(100 - 2 * price);
    expect(Date.parse(ended?.answered_at ?? '')).toBe(answeredAt);
  });

  it('carries on when the party re-attaches from another instance within the grace window', async () => {
    const { alice, bob, call } = await activeCall();
    expect(await takeOverLostCalls(onB, ['instance-b'])).toBe(1);
    now += 10 * SECOND;
    const reattached = await reattachCall(onB, alice.id, call.id);
    expect(reattached).toMatchObject({ side: 'caller', call: { status: 'active', reattach_by: null } });
    // Bob hears that the call waits no more.
    expect(pushed.at(-1)).toMatchObject({ id: call.id, reattach_by: null });

    now += GRACE;
    expect(await runDueCallTimers(onB)).toBe(0);
    // Only this call's own parties may re-attach to it.
    const stranger = await person();
    expect(await refusal(reattachCall(onB, stranger.id, call.id))).toBe('not_party');
    expect(await hangUpCall(onB, bob.id, call.id)).toMatchObject({ status: 'ended', end_reason: 'hangup' });
    expect(await refusal(reattachCall(onB, alice.id, call.id))).toBe('wrong_state');
  });

  it('hands over the calls of a stopping instance: they wait for their parties rather than end', async () => {
    const { alice, bob, call } = await activeCall();
    expect(await detachInstanceCalls(onA, ['instance-a'])).toBe(1);
    expect(pushed).toMatchObject([{ id: call.id, status: 'active' }]);
    expect(pushed[0]?.reattach_by).not.toBeNull();
    // Alice reconnects through the load balancer to B and re-attaches; Bob's side was never lost.
    expect(await reattachCall(onB, alice.id, call.id)).toMatchObject({
      side: 'caller',
      call: { reattach_by: null },
    });
    // Bob re-attaching too (his app reconnected for its own reasons) changes nothing.
    expect(await reattachCall(onB, bob.id, call.id)).toMatchObject({
      side: 'callee',
      call: { status: 'active' },
    });
    now += GRACE * 2;
    expect(await runDueCallTimers(onB)).toBe(0);
  });

  it('ends a ringing call whose caller is lost as missed, server_lost; a ringing callee re-attaches without carrying it', async () => {
    const [alice, bob] = [await person(), await person()];
    const ringing = await inviteCall(onA, alice.id, { callee_id: bob.id, type: 'voice' });
    expect(await reattachCall(onB, bob.id, ringing.id)).toMatchObject({
      side: null,
      call: { status: 'ringing' },
    });
    expect(await takeOverLostCalls(onB, ['instance-b'])).toBe(1);
    now += GRACE;
    await runDueCallTimers(onB);
    expect(pushed.at(-1)).toMatchObject({
      id: ringing.id,
      status: 'missed',
      end_reason: 'server_lost',
      coins_used: 0,
    });
  });
});
