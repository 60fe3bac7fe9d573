import type { CallStatistics, CallsPage } from '@switchboard/contract/calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema/calls.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const MINUTE = 60_000;

/** Issue #29: the Calls screen's time range narrows the list, the CSV and the stat cards alike. */
describe('the calls time range', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth });
  const list = async (query: string) => (await get(`/admin/public/calls?${query}`)).json().data as CallsPage;
  const stats = async (query: string) =>
    (await get(`/admin/calls/statistics?${query}`)).json().data as CallStatistics;
  /** The CSV's data rows' ids, in order (the header line dropped). */
  const csvIds = async (query: string) => {
    const res = await get(`/admin/calls/export.csv?${query}`);
    expect(res.statusCode).toBe(200);
    return res.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
  };

  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader(await insertUser(t.db, { username: 'boss', isAdmin: true }));
    const ann = await insertUser(t.db, { username: 'ann' });
    const ben = await insertUser(t.db, { username: 'ben' });
    const now = Date.now();
    const call = (minutesAgo: number, status: 'failed' | 'ended' | 'completed', extra = {}) => ({
      callerId: ann.id,
      calleeId: ben.id,
      callerUsername: 'ann',
      calleeUsername: 'ben',
      type: 'voice' as const,
      status,
      startedAt: new Date(now - minutesAgo * MINUTE),
      endedAt: new Date(now - minutesAgo * MINUTE + 20_000),
      ...extra,
    });
    await t.db
      .insert(calls)
      .values([
        call(5, 'failed', { endReason: 'ice_failed' }),
        call(10, 'ended', { endReason: 'hangup', duration: 60, cost: 0.02, quality: 4 }),
        call(30, 'failed', { endReason: 'peer_disconnected' }),
        call(180, 'failed', { endReason: 'insufficient_coins' }),
        call(2 * 24 * 60, 'completed', { endReason: 'hangup', duration: 120, cost: 0.04 }),
        call(10 * 24 * 60, 'failed', { endReason: 'network_error' }),
      ]);
  }, 300_000);
  afterAll(() => t.close());

  it('narrows the list, the CSV and the stat cards to the same calls for each preset', async () => {
    const expected = { all: 6, '15m': 2, '1h': 3, '24h': 4, '7d': 5 } as const;
    for (const [range, total] of Object.entries(expected)) {
      const page = await list(`range=${range}`);
      expect(page, range).toMatchObject({ total, total_capped: false });
      expect(await csvIds(`range=${range}`), range).toEqual(page.calls.map((c) => c.id));
      expect((await stats(`range=${range}`)).total_calls, range).toBe(total);
    }
  });

  it('agrees on the failed calls of the last hour: list, CSV and the failed card', async () => {
    const page = await list('range=1h&status=failed');
    expect(page.total).toBe(2);
    expect(page.calls.map((c) => c.end_reason)).toEqual(['ice_failed', 'peer_disconnected']);
    expect(await csvIds('range=1h&status=failed')).toEqual(page.calls.map((c) => c.id));
    const card = await stats('range=1h');
    expect(card).toMatchObject({ total_calls: 3, failed_calls: 2, completed_calls: 1, average_duration: 60 });
    expect(card.total_revenue).toBe(0.02);
    expect(card.average_quality).toBe(4);
  });

  it('takes a custom range with either bound, the end exclusive', async () => {
    const now = Date.now();
    const from = new Date(now - 4 * 60 * MINUTE).toISOString();
    const to = new Date(now - 20 * MINUTE).toISOString();
    const between = await list(`range=custom&from=${from}&to=${to}`);
    expect(between.calls.map((c) => c.end_reason)).toEqual(['peer_disconnected', 'insufficient_coins']);
    expect(await csvIds(`range=custom&from=${from}&to=${to}`)).toEqual(between.calls.map((c) => c.id));
    expect((await stats(`range=custom&from=${from}&to=${to}`)).failed_calls).toBe(2);
    expect((await list(`range=custom&to=${to}`)).total).toBe(4);
    expect((await list(`range=custom&from=${from}&search=ann`)).total).toBe(4);
  });

  it('writes the failure reason into the CSV', async () => {
    const res = await get('/admin/calls/export.csv?range=15m&status=failed');
    const [header, row] = res.body.trim().split('\r\n');
    const column = header?.split(',').indexOf('end_reason') ?? -1;
    expect(column).toBeGreaterThan(0);
    expect(row?.split(',')[column]).toBe('ice_failed');
  });

  it('refuses a bad range with a 400 naming the field and the reason', async () => {
    const cases: [string, string, string][] = [
      ['range=2h', 'range', 'range must be one of: all, 15m, 1h, 24h, 7d, custom.'],
      ['range=custom', 'range', 'A custom range needs a start (from), an end (to) or both'],
      [
        'range=custom&from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z',
        'to',
        'The end of the range must be after its start',
      ],
      ['range=1h&from=2026-11-01T00:00:00Z', 'from', 'from and to apply only with range=custom'],
      ['range=custom&from=yesterday', 'from', 'Enter a valid date and time'],
    ];
    for (const path of ['/admin/public/calls', '/admin/calls/statistics', '/admin/calls/export.csv'])
      for (const [query, field, reason] of cases) {
        const res = await get(`${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        const body = res.json() as { message: string; errors: { field: string; message: string }[] };
        expect(body.errors[0]?.field, `${path}?${query}`).toBe(field);
        expect(body.errors[0]?.message, `${path}?${query}`).toContain(reason);
      }
  });
});
