import type { CallRow, CallStatistics, CallsPage } from '@switchboard/contract/calls';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { openCallsFixture } from './testing/calls-fixture.ts';

describe('calls API', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth });
    return { status: res.statusCode, body: res.json() as { success: boolean; data: T; message?: string } };
  };
  const names = (page: CallsPage) => page.calls.map((c) => `${c.caller_username}>${c.callee_username}`);
  let activeId = 0;

  beforeAll(async () => {
    ({ t, auth, activeId } = await openCallsFixture());
  });
  afterAll(() => t.close());

  it('lists newest first with the total from the counters', async () => {
    const { status, body } = await get<CallsPage>('/admin/public/calls?limit=4');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 6, page: 1, limit: 4, total_pages: 2, total_capped: false });
    expect(names(body.data)).toEqual(['carol_100%>bob', 'alice>carol_100%', 'bob>alice', 'carol_100%>alice']);
    expect(body.data.calls.map((c) => c.status)).toEqual(['ringing', 'active', 'ended', 'missed']);
    const next = await get<CallsPage>(`/admin/public/calls?limit=4&cursor=${body.data.next_cursor}`);
    expect(next.body.data.calls.map((c) => c.status)).toEqual(['failed', 'completed']);
    expect(next.body.data.calls[1]).toMatchObject({
      caller_username: 'alice',
      callee_username: 'bob',
      duration: 120,
      cost: 0.04,
      quality: 4,
      coins_used: 2,
    });
  });

  it('filters by status and type with exact totals', async () => {
    const video = await get<CallsPage>('/admin/public/calls?type=video');
    expect(video.body.data.total).toBe(3);
    expect(video.body.data.calls.every((c) => c.type === 'video')).toBe(true);
    const failedVideo = await get<CallsPage>('/admin/public/calls?type=video&status=failed');
    expect(failedVideo.body.data).toMatchObject({ total: 1 });
    expect(failedVideo.body.data.calls.map((c) => c.status)).toEqual(['failed']);
    const missedVideo = await get<CallsPage>('/admin/public/calls?type=video&status=missed');
    expect(missedVideo.body.data).toMatchObject({ total: 0, calls: [] });
  });

  it('searches caller or callee by username, once per call, with % taken literally', async () => {
    const bob = await get<CallsPage>('/admin/public/calls?search=BO');
    expect(bob.body.data.total).toBe(4);
    expect(bob.body.data.calls.map((c) => c.status)).toEqual(['ringing', 'ended', 'failed', 'completed']);
    const both = await get<CallsPage>('/admin/public/calls?search=o');
    // Every call has bob or carol on a side, and two have both: each call shows once.
    expect(both.body.data.total).toBe(6);
    expect(new Set(both.body.data.calls.map((c) => c.id)).size).toBe(6);
    const percent = await get<CallsPage>('/admin/public/calls?search=0%25&status=missed');
    expect(percent.body.data.calls.map((c) => c.caller_username)).toEqual(['carol_100%']);
    const none = await get<CallsPage>('/admin/public/calls?search=zzz');
    expect(none.body.data).toMatchObject({ total: 0, calls: [] });
  });

  it('searches a name shared by many users in time order, each call once', async () => {
    await t.db.execute(sql`
      insert into users (username, email)
      select 'crowd' || n, 'crowd' || n || '@example.test' from generate_series(1, 210) n`);
    await t.db.execute(sql`
      insert into calls (caller_id, callee_id, caller_username, callee_username, type, status, started_at)
      select a.id, b.id, a.username, b.username, 'voice', 'completed', now() - interval '1 day' * n
      from generate_series(1, 30) n
      join users a on a.username = 'crowd' || n
      join users b on b.username = 'crowd' || (n + 100)`);
    const first = await get<CallsPage>('/admin/public/calls?search=crowd&limit=20');
    expect(first.body.data).toMatchObject({ total: 30, total_pages: 2 });
    expect(first.body.data.calls[0]).toMatchObject({
      caller_username: 'crowd1',
      callee_username: 'crowd101',
    });
    const second = await get<CallsPage>('/admin/public/calls?search=crowd&limit=20&page=2');
    expect(second.body.data.calls.map((c) => c.caller_username).at(-1)).toBe('crowd30');
    expect(second.body.data.calls).toHaveLength(10);
    await t.db.execute(sql`delete from calls where caller_username like 'crowd%'`);
  });

  it("finds a renamed user's past calls by the name the rows show", async () => {
    await t.db.execute(
      sql`insert into users (username, email) values ('before_rename', 'rename@example.test')`,
    );
    await t.db.execute(sql`
      insert into calls (caller_id, callee_id, caller_username, callee_username, type, status, started_at)
      select u.id, b.id, u.username, b.username, 'voice', 'completed', now() - interval '1 hour'
      from users u, users b where u.username = 'before_rename' and b.username = 'bob'`);
    await t.db.execute(sql`update users set username = 'after_rename' where username = 'before_rename'`);
    const byShownName = await get<CallsPage>('/admin/public/calls?search=before_ren');
    expect(byShownName.body.data.total).toBe(1);
    expect(names(byShownName.body.data)).toEqual(['before_rename>bob']);
    const byNewName = await get<CallsPage>('/admin/public/calls?search=after_ren');
    expect(byNewName.body.data).toMatchObject({ total: 0, calls: [] });
    await t.db.execute(sql`delete from calls where caller_username = 'before_rename'`);
  });

  it('answers a common search the same once its total is remembered and the page walks the time index', async () => {
    await t.db.execute(sql`insert into users (username, email) values ('throng', 'throng@example.test')`);
    await t.db.execute(sql`
      insert into calls (caller_id, callee_id, caller_username, callee_username, type, status, started_at)
      select u.id, b.id, u.username, b.username, 'voice', 'completed', now() - interval '1 minute' * n
      from generate_series(1, 1200) n, users u, users b where u.username = 'throng' and b.username = 'bob'`);
    const counted = await get<CallsPage>('/admin/public/calls?search=throng&limit=20&page=3');
    const remembered = await get<CallsPage>('/admin/public/calls?search=throng&limit=20&page=3');
    expect(counted.body.data).toMatchObject({ total: 1200, total_pages: 60 });
    expect(remembered.body.data).toMatchObject({ total: 1200, total_pages: 60 });
    expect(remembered.body.data.calls.map((c) => c.id)).toEqual(counted.body.data.calls.map((c) => c.id));
    expect(remembered.body.data.calls).toHaveLength(20);
    // A first page of a remembered search goes prepared, its pattern and total as parameters.
    const firstCounted = await get<CallsPage>(
      '/admin/public/calls?search=throng&limit=20&page=1&status=completed',
    );
    for (let run = 0; run < 7; run++) {
      const first = await get<CallsPage>(
        '/admin/public/calls?search=throng&limit=20&page=1&status=completed',
      );
      expect(first.body.data).toMatchObject({ total: 1200, total_pages: 60 });
      expect(first.body.data.calls.map((c) => c.id)).toEqual(firstCounted.body.data.calls.map((c) => c.id));
    }
    await t.db.execute(sql`delete from calls where caller_username = 'throng'`);
  });

  it('rejects a bad filter with 400 naming the field', async () => {
    const { status, body } = await get<unknown>('/admin/public/calls?status=bogus');
    expect(status).toBe(400);
    expect(body.success).toBe(false);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/public/calls' });
    expect(res.statusCode).toBe(401);
    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/admin/calls/export.csv' });
    expect(csv.statusCode).toBe(401);
  });

  it('reports statistics from the rollup', async () => {
    const { body } = await get<CallStatistics>('/admin/calls/statistics');
    expect(body.data).toEqual({
      total_calls: 6,
      active_calls: 1,
      ringing_calls: 1,
      completed_calls: 2,
      failed_calls: 1,
      total_duration: 420,
      average_duration: 210,
      total_revenue: 0.29,
      total_coins: 12,
      revenue_value: { cents: 10, currency: 'USD' },
      coin_value: expect.objectContaining({ currency: 'USD' }),
      average_quality: 3.83,
      flagged_calls: 0,
    });
  });

  it('lists live calls and a paged history', async () => {
    const live = await get<{ calls: CallRow[] }>('/admin/calls/active');
    expect(live.body.data.calls.map((c) => c.status).sort()).toEqual(['active', 'ringing']);
    const history = await get<CallsPage>('/admin/calls/history?limit=3&page=2');
    expect(history.body.data).toMatchObject({ total: 4, total_pages: 2 });
    expect(history.body.data.calls.map((c) => c.status)).toEqual(['completed']);
  });

  it('answers one call by its id, 404 for an unknown id and 400 for a malformed one', async () => {
    const found = await get<CallRow>(`/admin/calls/${activeId}`);
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({
      id: activeId,
      caller_username: 'alice',
      callee_username: 'carol_100%',
      status: 'active',
    });
    const missing = await get<unknown>('/admin/calls/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Call not found');
    expect((await get<unknown>('/admin/calls/abc')).status).toBe(400);
  });

  it('shows quality samples per side and names the worse side', async () => {
    const { body } = await get<{ samples: unknown[]; worse_side: string }>(
      `/admin/calls/${activeId}/quality`,
    );
    expect(body.data.samples).toHaveLength(2);
    expect(body.data.worse_side).toBe('callee');
    expect((await get<unknown>('/admin/calls/999999/quality')).status).toBe(404);
  });

  it('exports the filtered list as CSV', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/calls/export.csv?type=voice',
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,caller_username,callee_username,type,status,duration,quality,coins_used,cost_value,cost_currency,started_at,ended_at,end_reason,quality_flags',
    );
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((l) => l.includes(',voice,'))).toBe(true);
  });
});
