import type { AlertEvent } from '@switchboard/contract/monitoring';
import type { Settings } from '@switchboard/contract/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema/calls.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { recordServerStep } from '../calls/call-funnel.repository.ts';
import { MIN_RECENT_CALLS } from './alert-rules.ts';

describe('the slow-setup alert', () => {
  let t: TestApp;
  let headers: { authorization: string };
  const events: AlertEvent[] = [];
  const of = (rule: string) => events.filter((e) => e.rule === rule).map((e) => e.state);

  beforeAll(async () => {
    t = await createTestApp();
    headers = await t.authHeader(await insertUser(t.db, { username: 'setup-admin', isAdmin: true }));
    t.app.monitoring.onAlert((e) => events.push(e));
  });
  afterAll(() => t.close());

  /** A call answered at `answeredAt` whose first media came `setupMs` later. */
  async function answered(answeredAt: number, setupMs: number) {
    const party = await insertUser(t.db, { username: `setup-${answeredAt}-${setupMs}-${Math.random()}` });
    const [row] = await t.db
      .insert(calls)
      .values({
        callerId: party.id,
        calleeId: party.id,
        type: 'voice',
        status: 'ended',
        startedAt: new Date(answeredAt - 5000),
        answeredAt: new Date(answeredAt),
        endedAt: new Date(answeredAt + 60_000),
      })
      .returning({ id: calls.id });
    const id = row?.id ?? 0;
    await recordServerStep(t.db, id, 'callee', 'answered', new Date(answeredAt));
    await recordServerStep(t.db, id, 'caller', 'first_media', new Date(answeredAt + setupMs));
  }

  it('raises when more of the last minutes’ answered calls than the setting took longer than the slow-setup threshold', async () => {
    const now = Date.now();
    for (let i = 0; i < MIN_RECENT_CALLS - 2; i++) await answered(now - 120_000, 500);
    await answered(now - 60_000, 5000);
    await t.app.monitoring.tick(now);
    // 1 slow of 9 calls: too few calls to judge, and under 20% anyway.
    expect(of('call_slow_setup')).toEqual([]);
    await answered(now - 60_000, 5000);
    await answered(now - 60_000, 4000);
    await t.app.monitoring.tick(now + 1);
    expect(of('call_slow_setup')).toEqual(['raised']);
    expect(events.find((e) => e.rule === 'call_slow_setup')?.message).toBe(
      '27.3% of the calls answered in the last 5 minutes took over 3.0 s from the answer to media',
    );

    // The threshold is read live: at 4.5 s only one call of 11 is slow, and the alert clears.
    const current = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers })).json()
      .data as Settings;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers,
      payload: { ...current, calling: { ...current.calling, setup_slow_ms: 4500 } },
    });
    expect(put.statusCode).toBe(200);
    await t.app.monitoring.tick(now + 2);
    expect(of('call_slow_setup')).toEqual(['raised', 'cleared']);
  });
});
