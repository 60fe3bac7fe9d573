import type { AppCall } from '@switchboard/contract/calling';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callQualitySamples, calls } from '../../db/schema/calls.ts';
import { coinAccounts, coinTransactions } from '../../db/schema/coins.ts';
import { settings } from '../../db/schema/system.ts';
import { createUserPush } from '../../realtime/user-push.ts';
import { settingsRowsChanged } from '../../testing/stored-settings.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import {
  abandonCall,
  acceptCall,
  type CallContext,
  CallRefusal,
  declineCall,
  failRingingCall,
  hangUpCall,
  inviteCall,
  runDueCallTimers,
} from './call-lifecycle.service.ts';
import { rollUpOldSamples } from './call-timers-job.ts';
import { endCall } from './calls.service.ts';

const SECOND = 1000;

describe('the call state machine', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-25T12:00:00Z');
  const pushed: { call: AppCall; incoming: boolean }[] = [];
  let ctx: CallContext;
  let n = 0;
  const person = async (coins = 100) => insertUser(t.db, { username: `p${++n}`, coinBalance: coins });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: unknown) => (error instanceof CallRefusal ? error.code : String(error)),
    );
  const balance = async (userId: string) =>
    (await t.db.select().from(coinAccounts).where(eq(coinAccounts.userId, userId)))[0]?.balance ?? 0;
  const counter = async (name: string) =>
    Number(
      (
        (await t.db.execute(
          sql`select coalesce(sum(n), 0)::int as n from row_counts where counter = ${name}`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const push = createUserPush();
    push.callChanged = (call, options) => void pushed.push({ call, incoming: options?.incoming ?? false });
    ctx = { db: t.db, push, clock: () => new Date(now) };
  });
  afterAll(() => t.close());
  beforeEach(() => {
    pushed.length = 0;
  });

  it('rings, is answered, and ends with duration, quality and coins settled through the ledger', async () => {
    const [alice, bob] = [await person(10), await person()];
    const ringing = await inviteCall(ctx, alice.id, { callee_id: bob.id, type: 'video' });
    expect(ringing).toMatchObject({ status: 'ringing', caller_id: alice.id, callee_id: bob.id });
    expect(pushed).toMatchObject([{ incoming: true, call: { id: ringing.id } }]);
    expect(await counter('calls.status.ringing')).toBe(1);

    now += 5 * SECOND;
    const active = await acceptCall(ctx, bob.id, ringing.id);
    expect(active).toMatchObject({ status: 'active' });
    expect(await counter('calls.status.active')).toBe(1);
    // Good network figures on both sides: an E-model MOS near 4.4, a quality near 5.
    await t.db.insert(callQualitySamples).values(
      (['caller', 'callee'] as const).map((side) => ({
        callId: ringing.id,
        side,
        mos: 4.4,
        rttMs: 20,
        jitterMs: 2,
        packetLoss: 0,
        bitrateKbps: 900,
        codec: 'video/VP8',
        sampledAt: new Date(now),
      })),
    );

    now += 125 * SECOND;
    const ended = await hangUpCall(ctx, alice.id, ringing.id);
    // 125 s is three started minutes of video at the default 2 coins a minute; MOS 4.4 is (4.4 − 1) / 3.5 × 5 ≈ 4.9.
    expect(ended).toMatchObject({
      status: 'ended',
      duration: 125,
      coins_used: 6,
      end_reason: 'hangup',
      quality: 4.9,
    });
    expect(await balance(alice.id)).toBe(4);
    const [entry] = await t.db
      .select()
      .from(coinTransactions)
      .where(eq(coinTransactions.referenceId, String(ringing.id)));
    expect(entry).toMatchObject({
      amount: -6,
      balanceAfter: 4,
      transactionType: 'spend',
      referenceType: 'call',
    });
    expect(await counter('calls.status.active')).toBe(0);
    expect(await counter('calls.status.ended')).toBe(1);
    expect(pushed.map((p) => p.call.status)).toEqual(['ringing', 'active', 'ended']);
  });

  it('refuses what the state machine does not allow, and the database refuses it too', async () => {
    const [alice, bob, eve] = [await person(), await person(), await person()];
    const call = await inviteCall(ctx, alice.id, { callee_id: bob.id, type: 'voice' });
    expect(await refusal(acceptCall(ctx, alice.id, call.id))).toBe('wrong_state');
    expect(await refusal(acceptCall(ctx, eve.id, call.id))).toBe('not_party');
    expect(await refusal(hangUpCall(ctx, eve.id, call.id))).toBe('not_party');
    expect(await refusal(declineCall(ctx, alice.id, call.id))).toBe('wrong_state');
    expect(await refusal(acceptCall(ctx, bob.id, 999_999))).toBe('not_found');
    await declineCall(ctx, bob.id, call.id);
    expect(await refusal(acceptCall(ctx, bob.id, call.id))).toBe('wrong_state');
    expect(await refusal(hangUpCall(ctx, alice.id, call.id))).toBe('wrong_state');
    expect(await refusal(inviteCall(ctx, alice.id, { callee_id: alice.id, type: 'voice' }))).toBe('self');
    // Behind the service's back, the trigger keeps the states: declined never becomes active or ended.
    for (const status of ['active', 'ended', 'ringing'] as const)
      await expect(t.db.update(calls).set({ status }).where(eq(calls.id, call.id))).rejects.toThrow();
    const [row] = await t.db.select().from(calls).where(eq(calls.id, call.id));
    expect(row).toMatchObject({ status: 'declined', endReason: 'declined' });
  });

  it('lets the caller cancel a ringing call (missed) and the callee decline it', async () => {
    const [alice, bob] = [await person(), await person()];
    const first = await inviteCall(ctx, alice.id, { callee_id: bob.id, type: 'voice' });
    expect(await hangUpCall(ctx, alice.id, first.id)).toMatchObject({
      status: 'missed',
      end_reason: 'cancelled',
    });
    const second = await inviteCall(ctx, alice.id, { callee_id: bob.id, type: 'voice' });
    expect(await hangUpCall(ctx, bob.id, second.id)).toMatchObject({ status: 'declined' });
  });

  it('answers busy while either party is in a call, and frees them when it ends', async () => {
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const call = await inviteCall(ctx, alice.id, { callee_id: bob.id, type: 'voice' });
    expect(await refusal(inviteCall(ctx, carol.id, { callee_id: bob.id, type: 'voice' }))).toBe('busy');
    expect(await refusal(inviteCall(ctx, carol.id, { callee_id: alice.id, type: 'voice' }))).toBe('busy');
    expect(await refusal(inviteCall(ctx, bob.id, { callee_id: carol.id, type: 'voice' }))).toBe(
      'caller_busy',
    );
    await acceptCall(ctx, bob.id, call.id);
    expect(await refusal(inviteCall(ctx, carol.id, { callee_id: alice.id, type: 'video' }))).toBe('busy');
    await hangUpCall(ctx, bob.id, call.id);
    expect(await inviteCall(ctx, carol.id, { callee_id: alice.id, type: 'voice' })).toMatchObject({
      status: 'ringing',
    });
  });

  it('turns a call nobody answers into missed after 30 s, and only then', async () => {
    const [alice, bob] = [await person(), await person()];
    const call = await inviteCall(ctx, alice.id, { callee_id: bob.id, type: 'voice' });
    now += 29 * SECOND;
    await runDueCallTimers(ctx);
    expect((await t.db.select().from(calls).where(eq(calls.id, call.id)))[0]?.status).toBe('ringing');
    now += 1 * SECOND;
    expect(await runDueCallTimers(ctx)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(calls).where(eq(calls.id, call.id));
    expect(row).toMatchObject({ status: 'missed', endReason: 'ring_timeout', duration: 0, coinsUsed: 0 });
    expect(pushed.at(-1)?.call).toMatchObject({ id: call.id, status: 'missed' });
    expect(await refusal(acceptCall(ctx, bob.id, call.id))).toBe('wrong_state');
  });

  it('ends a call at 3600 s and bills exactly 60 minutes', async () => {
    const [alice, bob] = [await person(1000), await person()];
    const call = await inviteCall(ctx, alice.id, { callee_id: bob.id, type: 'voice' });
    await acceptCall(ctx, bob.id, call.id);
    now += 3599 * SECOND;
    await runDueCallTimers(ctx);
    expect((await t.db.select().from(calls).where(eq(calls.id, call.id)))[0]?.status).toBe('active');
    now += 3 * SECOND;
    await runDueCallTimers(ctx);
    const [row] = await t.db.select().from(calls).where(eq(calls.id, call.id));
    expect(row).toMatchObject({ status: 'ended', endReason: 'max_duration', duration: 3600, coinsUsed: 60 });
    expect(await balance(alice.id)).toBe(940);
  });

  it('refuses a paid call to a caller without coins, and cuts a call when the coins run out', async () => {
    const [poor, bob, three] = [await person(0), await person(), await person(3)];
    expect(await refusal(inviteCall(ctx, poor.id, { callee_id: bob.id, type: 'voice' }))).toBe(
      'insufficient_coins',
    );
    expect(await t.db.select().from(calls).where(eq(calls.callerId, poor.id))).toEqual([]);
    // Three coins buy three minutes of voice.
    const call = await inviteCall(ctx, three.id, { callee_id: bob.id, type: 'voice' });
    await acceptCall(ctx, bob.id, call.id);
    now += 181 * SECOND;
    await runDueCallTimers(ctx);
    const [row] = await t.db.select().from(calls).where(eq(calls.id, call.id));
    expect(row).toMatchObject({ status: 'ended', endReason: 'coins_exhausted', duration: 180, coinsUsed: 3 });
    expect(await balance(three.id)).toBe(0);
    // Free calls, when an admin sets the price to 0, need no coins.
    await settingsRowsChanged(
      t.db,
      t.db.insert(settings).values({
        key: 'calling',
        value: { voice_coins_per_minute: 0, video_coins_per_minute: 2, quality_sample_retention_days: 30 },
        updatedBy: 'test',
      }),
    );
    const free = await inviteCall(ctx, poor.id, { callee_id: bob.id, type: 'voice' });
    await acceptCall(ctx, bob.id, free.id);
    now += 90 * SECOND;
    expect(await hangUpCall(ctx, poor.id, free.id)).toMatchObject({ status: 'ended', coins_used: 0 });
    await settingsRowsChanged(t.db, t.db.delete(settings).where(eq(settings.key, 'calling')));
  });

  it('fails a call answered after the caller spent their coins elsewhere', async () => {
    const [alice, bob] = [await person(1), await person()];
    const call = await inviteCall(ctx, alice.id, { callee_id: bob.id, type: 'voice' });
    await t.db.update(coinAccounts).set({ balance: 0 }).where(eq(coinAccounts.userId, alice.id));
    expect(await refusal(acceptCall(ctx, bob.id, call.id))).toBe('insufficient_coins');
    expect((await t.db.select().from(calls).where(eq(calls.id, call.id)))[0]).toMatchObject({
      status: 'failed',
      endReason: 'insufficient_coins',
    });
  });

  it('fails an answered call whose peer left before any media flowed, says why, and bills nothing', async () => {
    const [alice, bob] = [await person(50), await person()];
    const call = await inviteCall(ctx, alice.id, { callee_id: bob.id, type: 'voice' });
    await acceptCall(ctx, bob.id, call.id);
    now += 40 * SECOND;
    pushed.length = 0;
    expect(await abandonCall(ctx, bob.id, call.id)).toMatchObject({
      status: 'failed',
      end_reason: 'peer_disconnected',
      coins_used: 0,
    });
    expect(pushed).toMatchObject([{ call: { status: 'failed', end_reason: 'peer_disconnected' } }]);
    expect(await balance(alice.id)).toBe(50);
    expect((await t.db.select().from(calls).where(eq(calls.id, call.id)))[0]).toMatchObject({
      status: 'failed',
      endReason: 'peer_disconnected',
      cost: 0,
    });
  });

  it('fails a ringing call answered during maintenance, with maintenance as the reason', async () => {
    const [alice, bob] = [await person(), await person()];
    const call = await inviteCall(ctx, alice.id, { callee_id: bob.id, type: 'voice' });
    expect(await refusal(failRingingCall(ctx, alice.id, call.id, 'maintenance'))).toBe('wrong_state');
    expect(await failRingingCall(ctx, bob.id, call.id, 'maintenance')).toMatchObject({
      status: 'failed',
      end_reason: 'maintenance',
    });
  });

  it('lets an admin end a call placed through the app: settled, and both parties are told', async () => {
    const [alice, bob, boss] = [
      await person(),
      await person(),
      await insertUser(t.db, { username: 'boss', isAdmin: true }),
    ];
    const call = await inviteCall(ctx, alice.id, { callee_id: bob.id, type: 'voice' });
    await acceptCall(ctx, bob.id, call.id);
    pushed.length = 0;
    const row = await endCall(t.db, ctx.push, boss, call.id, { ip: '127.0.0.1', userAgent: 'test' });
    expect(row).toMatchObject({ status: 'ended' });
    expect(pushed).toMatchObject([{ call: { id: call.id, status: 'ended', end_reason: 'admin_ended' } }]);
  });

  it('rolls samples older than the retention setting up per call, keeping the call quality', async () => {
    const [alice, bob] = [await person(), await person()];
    const call = await inviteCall(ctx, alice.id, { callee_id: bob.id, type: 'voice' });
    await acceptCall(ctx, bob.id, call.id);
    const old = new Date(now - 40 * 86_400_000);
    await t.db.insert(callQualitySamples).values(
      [4, 3].map((mos) => ({
        callId: call.id,
        side: 'caller' as const,
        mos,
        rttMs: 50,
        jitterMs: 5,
        packetLoss: 1,
        bitrateKbps: 40,
        sampledAt: old,
      })),
    );
    expect(await rollUpOldSamples(t.db, new Date(now))).toBe(2);
    expect(
      await t.db.select().from(callQualitySamples).where(eq(callQualitySamples.callId, call.id)),
    ).toEqual([]);
    now += 60 * SECOND;
    // Mean MOS 3.5 over the rolled-up samples: (3.5 − 1) / 3.5 × 5 ≈ 3.6.
    expect(await hangUpCall(ctx, alice.id, call.id)).toMatchObject({ quality: 3.6 });
  });
});
