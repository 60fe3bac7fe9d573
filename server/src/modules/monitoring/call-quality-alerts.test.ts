import type { AlertEvent } from '@switchboard/contract/monitoring';
import type { Settings } from '@switchboard/contract/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema/calls.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { recordCrossings } from '../calls/calls.repository.ts';
import { MIN_RECENT_CALLS } from './alert-rules.ts';

const MINUTE = 60_000;

describe('call quality and connect-failure alerts', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let party: { id: string; username: string };
  const events: AlertEvent[] = [];
  const of = (rule: string) => events.filter((e) => e.rule === rule).map((e) => e.state);

  beforeAll(async () => {
    t = await createTestApp();
    headers = await t.authHeader(await insertUser(t.db, { username: 'alert-admin', isAdmin: true }));
    party = await insertUser(t.db, { username: 'alert-party' });
    t.app.monitoring.onAlert((e) => events.push(e));
  });
  afterAll(() => t.close());

  /** Calls placed `at`, ended at once, with these statuses. */
  async function place(at: number, statuses: ('ended' | 'failed')[]): Promise<number[]> {
    const rows = await t.db
      .insert(calls)
      .values(
        statuses.map((status) => ({
          callerId: party.id,
          calleeId: party.id,
          callerUsername: party.username,
          calleeUsername: party.username,
          type: 'voice' as const,
          status,
          startedAt: new Date(at),
          endedAt: new Date(at + 1000),
        })),
      )
      .returning({ id: calls.id });
    return rows.map((r) => r.id);
  }

  const openAlerts = async (rule: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/monitoring/alerts?active=true', headers }))
      .json()
      .data.alerts.filter((a: { rule: string }) => a.rule === rule);

  it('raises the poor-quality alert once for a run of poor calls, and clears it when the window has moved on', async () => {
    const now = Date.now();
    await place(now - 2 * MINUTE, Array(MIN_RECENT_CALLS).fill('ended'));
    await t.app.monitoring.tick(now);
    expect(of('call_poor_quality')).toEqual([]);

    // One poor call after another: 1/11, 2/12 are under 20%; 3/13 is over it, and the next ones keep it open.
    for (let i = 0; i < 6; i++) {
      const [id] = await place(now - MINUTE, ['ended']);
      await recordCrossings(t.db, [
        { callId: id ?? 0, side: 'caller', flag: 'low_mos', value: 3.1, crossedAt: new Date(now) },
      ]);
      await t.app.monitoring.tick(now + i);
      expect(of('call_poor_quality')).toEqual(i < 2 ? [] : ['raised']);
    }
    const [open] = await openAlerts('call_poor_quality');
    expect(open).toMatchObject({ severity: 'medium', cleared_at: null, instance_id: 'cluster' });
    // The open alert keeps the figure it was raised with.
    expect(open.message).toBe('23.1% of the calls in the last 5 minutes had poor quality');
    expect(await openAlerts('call_poor_quality')).toHaveLength(1);

    // The setting is read live: at 40% the same calls (6 of 16, 37.5%) are no longer an alert.
    const current = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers })).json()
      .data as Settings;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers,
      payload: { ...current, calling: { ...current.calling, alert_poor_call_percent: 40 } },
    });
    expect(put.statusCode).toBe(200);
    await t.app.monitoring.tick(now + 10);
    expect(of('call_poor_quality')).toEqual(['raised', 'cleared']);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers,
      payload: current,
    });
    await t.app.monitoring.tick(now + 20);
    expect(of('call_poor_quality')).toEqual(['raised', 'cleared', 'raised']);

    // Five minutes on, those calls have left the window.
    await t.app.monitoring.tick(now + 5 * MINUTE);
    expect(of('call_poor_quality')).toEqual(['raised', 'cleared', 'raised', 'cleared']);
    expect(await openAlerts('call_poor_quality')).toEqual([]);
  });

  it('raises the connect-failure alert over its setting, once, and clears it', async () => {
    const later = Date.now() + 20 * MINUTE;
    await place(later - MINUTE, [...Array(8).fill('ended'), 'failed', 'failed']);
    await t.app.monitoring.tick(later);
    // 2 of 10 is not above 20%.
    expect(of('call_failure_rate')).toEqual([]);
    await place(later - MINUTE, ['failed']);
    await t.app.monitoring.tick(later + 1);
    await t.app.monitoring.tick(later + 2);
    expect(of('call_failure_rate')).toEqual(['raised']);
    expect((await openAlerts('call_failure_rate'))[0].message).toBe(
      '27.3% of the calls in the last 5 minutes failed to connect',
    );
    await t.app.monitoring.tick(later + 6 * MINUTE);
    expect(of('call_failure_rate')).toEqual(['raised', 'cleared']);
  });
});
