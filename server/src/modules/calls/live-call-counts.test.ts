import type { CallStatistics } from '@switchboard/contract/calls';
import type { Dashboard } from '@switchboard/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { readLivePoint } from './live-point.ts';
import { openCallsFixture } from './testing/calls-fixture.ts';

// One definition of "active calls" everywhere: connected calls; a ringing call is its own figure.
describe('active and ringing calls, the same on every screen', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const data = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: T }).data;
  };

  beforeAll(async () => {
    // One call ringing (carol -> bob) and one connected (alice -> carol), among four finished ones.
    ({ t, auth } = await openCallsFixture());
  });
  afterAll(() => t.close());

  it('counts one active and one ringing call on the dashboard, the Calls screen and the monitor', async () => {
    const dashboard = await data<Dashboard>('/admin/dashboard');
    expect(dashboard.overview).toMatchObject({ active_calls: 1, ringing_calls: 1 });

    const stats = await data<CallStatistics>('/admin/calls/statistics');
    expect(stats).toMatchObject({ active_calls: 1, ringing_calls: 1 });
    const lastDay = await data<CallStatistics>('/admin/calls/statistics?range=24h');
    expect(lastDay).toMatchObject({ active_calls: 1, ringing_calls: 1 });

    const monitor = await data<{ activeCalls: number; ringingCalls: number }>('/monitoring/metrics');
    expect(monitor).toMatchObject({ activeCalls: 1, ringingCalls: 1 });

    expect(await readLivePoint(t.db)).toMatchObject({ active_calls: 1, ringing_calls: 1 });
  });
});
