import type { CallRow } from '@switchboard/contract/calls';
import { eq } from 'drizzle-orm';
import { callQualitySamples, calls } from '../../../db/schema/calls.ts';
import { createTestApp, insertUser, type TestApp } from '../../../testing/test-app.ts';

const MINUTE = 60_000;

export interface CallsFixture {
  t: TestApp;
  auth: { authorization: string };
  /** The live video call alice -> carol, started 2.5 minutes ago, with quality samples on both sides. */
  activeId: number;
  /** The ringing call carol -> bob. */
  ringingId: number;
}

/** A test app with an admin and six calls in every state (two of them live), for the calls API tests. */
export async function openCallsFixture(): Promise<CallsFixture> {
  const t = await createTestApp();
  const admin = await insertUser(t.db, { username: 'boss', isAdmin: true });
  const auth = await t.authHeader(admin);
  const alice = await insertUser(t.db, { username: 'alice' });
  const bob = await insertUser(t.db, { username: 'bob' });
  const carol = await insertUser(t.db, { username: 'carol_100%' });
  const now = Date.now();
  const call = (
    minutesAgo: number,
    from: typeof alice,
    to: typeof alice,
    type: 'voice' | 'video',
    status: CallRow['status'],
    extra: Partial<typeof calls.$inferInsert> = {},
  ) => ({
    callerId: from.id,
    calleeId: to.id,
    callerUsername: from.username,
    calleeUsername: to.username,
    type,
    status,
    startedAt: new Date(now - minutesAgo * MINUTE),
    ...extra,
  });
  await t.db.insert(calls).values([
    call(100, alice, bob, 'voice', 'completed', {
      duration: 120,
      cost: 0.04,
      coinsUsed: 2,
      quality: 4,
      endedAt: new Date(now - 98 * MINUTE),
    }),
    call(90, bob, carol, 'video', 'failed', { endedAt: new Date(now - 89 * MINUTE) }),
    call(80, carol, alice, 'voice', 'missed', { endedAt: new Date(now - 79 * MINUTE) }),
    call(70, bob, alice, 'video', 'ended', {
      duration: 300,
      cost: 0.25,
      coinsUsed: 10,
      quality: 3,
      endedAt: new Date(now - 65 * MINUTE),
    }),
    call(2, carol, bob, 'voice', 'ringing'),
  ]);
  const [active] = await t.db
    .insert(calls)
    .values(call(2.5, alice, carol, 'video', 'active', { quality: 4.5 }))
    .returning({ id: calls.id });
  const activeId = active?.id ?? 0;
  const [ringing] = await t.db.select({ id: calls.id }).from(calls).where(eq(calls.status, 'ringing'));
  const ringingId = ringing?.id ?? 0;
  await t.db.insert(callQualitySamples).values([
    {
      callId: activeId,
      side: 'caller',
      mos: 4.2,
      jitterMs: 5,
      packetLoss: 0.1,
      rttMs: 40,
      bitrateKbps: 1200,
      sampledAt: new Date(now - 2 * MINUTE),
    },
    {
      callId: activeId,
      side: 'callee',
      mos: 2.8,
      jitterMs: 30,
      packetLoss: 3,
      rttMs: 180,
      bitrateKbps: 600,
      sampledAt: new Date(now - 1.5 * MINUTE),
    },
  ]);
  return { t, auth, activeId, ringingId };
}
