import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

/** A time before now but still in today's UTC day, so "today" figures hold just after midnight too. */
const earlierToday = (ago: string) =>
  sql.raw(`greatest(now() - interval '${ago}', date_trunc('day', now(), 'UTC'))`);

describe('dashboard, stats and analytics', () => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await insertUser(t.db, { username: 'boss', isAdmin: true });
    headers = await t.authHeader(admin);
    const alice = await insertUser(t.db, { username: 'alice', isOnline: true });
    const bob = await insertUser(t.db, { username: 'bob' });
    // Sign-ups a day old, so the live call started now is the newest activity whatever the clock's resolution.
    await t.db.execute(sql`update users set created_at = now() - interval '1 day'`);
    // A grant (and the audit entry it writes) before the calls, so the live call stays the newest activity.
    const grant = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/coins/add',
      headers,
      payload: { user_id: bob.id, amount: 50, description: 'Welcome bonus' },
    });
    expect(grant.statusCode).toBe(200);
    await t.db.execute(sql`insert into calls (caller_id, callee_id, caller_username, callee_username, type, status, duration, quality, started_at)
      values (${alice.id}, ${bob.id}, 'alice', 'bob', 'video', 'active', 0, null, now()),
             (${alice.id}, ${bob.id}, 'alice', 'bob', 'voice', 'ended', 60, 2.0, ${earlierToday('1 hour')}),
             (${bob.id}, ${alice.id}, 'bob', 'alice', 'voice', 'failed', 0, null, ${earlierToday('2 hours')})`);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

  it('counts users, calls and live calls, with health and recent activity newest first', async () => {
    for (const url of ['/api/v1/admin/public/dashboard', '/api/v1/admin/dashboard']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.overview).toMatchObject({
        total_users: 3,
        active_users: 1,
        total_calls: 3,
        active_calls: 1,
      });
      expect(['healthy', 'warning', 'critical']).toContain(data.system_status);
      expect(data.recent_activity[0].details).toBe('video call alice → bob (active)');
      expect(data.recent_activity.map((a: { details: string }) => a.details)).toContain(
        'New user alice signed up',
      );
      expect(data.recent_activity.length).toBeLessThanOrEqual(10);
      const byType = (type: string) => data.recent_activity.filter((a: { type: string }) => a.type === type);
      expect(byType('coins')[0]).toMatchObject({
        id: expect.stringMatching(/^coins-\d+$/),
        details: 'Added 50 coins to bob',
      });
      expect(byType('admin')[0].details).toMatch(/^boss: /);
      // People by username, linked through user_id; no item's text carries an id.
      expect(byType('coins')[0]).toMatchObject({ username: 'bob', user_id: expect.any(String) });
      expect(
        data.recent_activity.find((a: { details: string }) => a.details === 'New user alice signed up'),
      ).toMatchObject({ username: 'alice', user_id: expect.any(String) });
      for (const item of data.recent_activity) expect(item.details).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
      for (const item of data.recent_activity) {
        expect(new Date(item.timestamp).toISOString()).toBe(item.timestamp);
      }
    }
  });

  it('answers admin stats from the rollups', async () => {
    const data = (await get('/api/v1/admin/public/stats')).json().data;
    expect(data).toMatchObject({
      total_calls: 3,
      call_quality: { average_quality: 2, poor_quality_calls: 1, connection_issues: 1 },
    });
  });

  it("answers 30 days of analytics with today's calls by type", async () => {
    const days = (await get('/api/v1/admin/public/analytics')).json().data.days;
    expect(days).toHaveLength(30);
    const today = days[29];
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    // Calls of the last two hours may straddle midnight UTC; over the 30 days there are three.
    const sum = days.reduce((n: number, d: { voice: number; video: number }) => n + d.voice + d.video, 0);
    expect(sum).toBe(3);
    expect(days.reduce((n: number, d: { coins_earned: number }) => n + d.coins_earned, 0)).toBe(50);
    expect(days.every((d: { coins_spent: number }) => d.coins_spent === 0)).toBe(true);
  });

  it('answers 7 or 90 days ending today when asked, and refuses any other span naming days', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const span of [7, 90]) {
      const res = await get(`/api/v1/admin/analytics?days=${span}`);
      expect(res.statusCode).toBe(200);
      const days = res.json().data.days;
      expect(days).toHaveLength(span);
      expect(days.at(-1).day).toBe(today);
      expect(days.reduce((n: number, d: { voice: number; video: number }) => n + d.voice + d.video, 0)).toBe(
        3,
      );
    }
    for (const bad of ['8', '365', 'abc', '']) {
      const res = await get(`/api/v1/admin/analytics?days=${bad}`);
      expect(res.statusCode, `days=${bad}`).toBe(400);
      expect(res.json().message).toMatch(/^days must be /);
    }
  });

  it('counts messages as they are written and deleted, with no ANALYZE in between', async () => {
    const totals = async () =>
      Promise.all([
        get('/api/v1/admin/dashboard').then((r) => r.json().data.overview.total_messages),
        get('/api/v1/admin/public/stats').then((r) => r.json().data.total_messages),
      ]);
    const [before] = await totals();
    await t.db.execute(sql`insert into messages (content) select 'hi ' || g from generate_series(1, 7) g`);
    expect(await totals()).toEqual([before + 7, before + 7]);
    await t.db.execute(sql`delete from messages where id in (select id from messages order by id limit 3)`);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from messages`,
    );
    expect(await totals()).toEqual([n, n]);
    expect(n).toBe(before + 4);
  });

  it('requires a signed-in admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/public/dashboard' })).statusCode).toBe(
      401,
    );
  });
});
