import type { CallStatistics, CallsPage, CallView } from '@switchboard/contract/calls';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callQualitySamples, calls } from '../../db/schema/calls.ts';
import { coinPackages } from '../../db/schema/coins.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { openCallsFixture } from './testing/calls-fixture.ts';

const MINUTE = 60_000;

/**
 * Calls cost coins; where money is meant the money value sits beside them, taken from the price of the
 * packages on sale, and an active call shows its running cost and newest MOS.
 */
describe('the cost of calls in coins, with their money value', () => {
  let t: TestApp;
  let auth: { authorization: string };
  let seededActiveId = 0;
  let placedId = 0;
  let cutOffId = 0;
  const get = async <T>(url: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth })).json().data as T;
  const byId = (page: CallsPage, id: number) => page.calls.find((c) => c.id === id) as CallView;
  const byStatus = (page: CallsPage, status: string) =>
    page.calls.find((c) => c.status === status) as CallView;

  beforeAll(async () => {
    ({ t, auth, activeId: seededActiveId } = await openCallsFixture());
    // The packages a fresh database starts with are replaced by the test's own.
    await t.db.delete(coinPackages);
    const [template] = await t.db.select().from(calls).where(eq(calls.id, seededActiveId));
    if (!template) throw new Error('fixture without its active call');
    const now = Date.now();
    const placed = (answeredAgoMs: number, dueInMs: number) => ({
      callerId: template.callerId,
      calleeId: template.calleeId,
      callerUsername: template.callerUsername,
      calleeUsername: template.calleeUsername,
      type: 'voice' as const,
      status: 'active' as const,
      startedAt: new Date(now - answeredAgoMs - 5000),
      answeredAt: new Date(now - answeredAgoMs),
      dueAt: new Date(now + dueInMs),
    });
    // Placed through the app: billed from the answer at the voice price (1 coin a started minute by default).
    [{ id: placedId }] = (await t.db
      .insert(calls)
      .values(placed(61_000, 10 * MINUTE))
      .returning({ id: calls.id })) as [{ id: number }];
    // Its caller's coins ran out a minute after the answer: the cut-off bills no more than that minute.
    [{ id: cutOffId }] = (await t.db
      .insert(calls)
      .values(placed(5 * MINUTE, -4 * MINUTE))
      .returning({ id: calls.id })) as [{ id: number }];
    await t.db.insert(callQualitySamples).values(
      [3.1, 4.4].map((mos, i) => ({
        callId: placedId,
        side: i === 0 ? ('caller' as const) : ('callee' as const),
        mos,
        jitterMs: 1,
        packetLoss: 0,
        rttMs: 20,
        bitrateKbps: 40,
        sampledAt: new Date(now - (2 - i) * 10_000),
      })),
    );
  });
  afterAll(() => t.close());

  it('shows coins with no money value while no paid package is on sale', async () => {
    const page = await get<CallsPage>('/admin/public/calls');
    expect(byStatus(page, 'completed')).toMatchObject({ coins_used: 2, cost_value: null });
    const stats = await get<CallStatistics>('/admin/calls/statistics');
    expect(stats).toMatchObject({ total_coins: 12, revenue_value: null, coin_value: null });
    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/admin/calls/export.csv', headers: auth });
    const completed = csv.body.split('\r\n').find((l) => l.includes(',completed,'));
    expect(completed).toContain(',2,,,');
  });

  it('gives an active call its running cost by its settlement rule and its newest MOS', async () => {
    const page = await get<CallsPage>('/admin/public/calls');
    // Seeded: 2.5 minutes of video settle as 3 started minutes at 2 coins; newest sample the callee's 2.8.
    expect(byId(page, seededActiveId)).toMatchObject({ running_coins: 6, live_mos: 2.8 });
    // Placed: 61 s since the answer are 2 started minutes at 1 coin.
    expect(byId(page, placedId)).toMatchObject({ running_coins: 2, live_mos: 4.4 });
    expect(byId(page, cutOffId)).toMatchObject({ running_coins: 1, live_mos: null });
    expect(byStatus(page, 'completed')).toMatchObject({ running_coins: null, live_mos: null });
    expect(byStatus(page, 'ringing')).toMatchObject({ running_coins: null, live_mos: null });
    // The details by id and the live list say the same.
    expect(await get<CallView>(`/admin/calls/${placedId}`)).toMatchObject({
      running_coins: 2,
      live_mos: 4.4,
    });
    const live = await get<{ calls: CallView[] }>('/admin/calls/active');
    expect(live.calls.find((c) => c.id === seededActiveId)).toMatchObject({ running_coins: 6 });
  });

  it('values coins at the lowest price per coin of the paid packages on sale in the shop’s first currency', async () => {
    await t.db.insert(coinPackages).values([
      { name: 'Starter', coins: 100, priceCents: 99, currency: 'USD', sortOrder: 0 },
      { name: 'Big', coins: 1000, priceCents: 799, currency: 'USD', sortOrder: 1 },
      // Cheaper per coin, but in another currency than the shop's first package.
      { name: 'Euro', coins: 1000, priceCents: 100, currency: 'EUR', sortOrder: 2 },
      { name: 'Gift', coins: 50, priceCents: 0, currency: 'USD', sortOrder: 3 },
      { name: 'Withdrawn', coins: 1000, priceCents: 1, currency: 'USD', sortOrder: 4, isActive: false },
    ]);
    const page = await get<CallsPage>('/admin/public/calls');
    // 0.799 cents a coin (Big): 2 coins are 2 cents, 10 coins 8 cents, the running 6 coins 5 cents.
    expect(byStatus(page, 'completed').cost_value).toEqual({ cents: 2, currency: 'USD' });
    expect(byStatus(page, 'ended').cost_value).toEqual({ cents: 8, currency: 'USD' });
    expect(byId(page, seededActiveId).cost_value).toEqual({ cents: 5, currency: 'USD' });

    const stats = await get<CallStatistics>('/admin/calls/statistics');
    expect(stats).toMatchObject({
      total_coins: 12,
      revenue_value: { cents: 10, currency: 'USD' },
      coin_value: { cents_per_coin: 0.799, currency: 'USD', package_name: 'Big' },
    });

    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/admin/calls/export.csv', headers: auth });
    const [header, ...rows] = csv.body.trim().split('\r\n');
    expect(header).toBe(
      'id,caller_username,callee_username,type,status,duration,quality,coins_used,cost_value,cost_currency,started_at,ended_at,end_reason,quality_flags',
    );
    expect(rows.find((l) => l.includes(',ended,'))).toContain(',10,0.08,USD,');
  });
});
