import type { CallRow, CallStatistics, CallsPage } from '@switchboard/contract/calls';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callQualitySamples, calls } from '../../db/schema/calls.ts';
import { auditLog } from '../../db/schema/security.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const MINUTE = 60_000;

describe('calls API', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth });
    return { status: res.statusCode, body: res.json() as { success: boolean; data: T; message?: string } };
  };
  const names = (page: CallsPage) => page.calls.map((c) => `${c.caller_username}>${c.callee_username}`);
  let activeId = 0;
  let ringingId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await insertUser(t.db, { username: 'boss', isAdmin: true });
    auth = await t.authHeader(admin);
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
    activeId = active?.id ?? 0;
    const [ringing] = await t.db.select({ id: calls.id }).from(calls).where(eq(calls.status, 'ringing'));
    ringingId = ringing?.id ?? 0;
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
      completed_calls: 2,
      failed_calls: 1,
      total_duration: 420,
      average_duration: 210,
      total_revenue: 0.29,
      average_quality: 3.83,
    });
  });

  it('lists live calls and a paged history', async () => {
    const live = await get<{ calls: CallRow[] }>('/admin/calls/active');
    expect(live.body.data.calls.map((c) => c.status).sort()).toEqual(['active', 'ringing']);
    const history = await get<CallsPage>('/admin/calls/history?limit=3&page=2');
    expect(history.body.data).toMatchObject({ total: 4, total_pages: 2 });
    expect(history.body.data.calls.map((c) => c.status)).toEqual(['completed']);
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
      'id,caller_username,callee_username,type,status,duration,quality,cost,coins_used,started_at,ended_at',
    );
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((l) => l.includes(',voice,'))).toBe(true);
  });

  it('ends a live call once: settled like a normal end, audit-logged, then 409', async () => {
    const end = (id: number) =>
      t.app.inject({ method: 'POST', url: `/api/v1/admin/calls/${id}/end`, headers: auth });
    const res = await end(activeId);
    expect(res.statusCode).toBe(200);
    const call = (res.json() as { data: CallRow }).data;
    // Started 2.5 minutes ago: 150 s, three started minutes of video at $0.05 and 2 coins.
    expect(call).toMatchObject({ status: 'ended', cost: 0.15, coins_used: 6, quality: 3.5 });
    expect(call.duration).toBeGreaterThanOrEqual(150);
    expect(call.duration).toBeLessThan(180);
    expect(call.ended_at).not.toBeNull();
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(activeId)));
    expect(audit).toMatchObject([{ action: 'call.end', targetType: 'call', actorUsername: 'boss' }]);

    const again = await end(activeId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: 'Call has already ended' });
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(activeId))),
    ).toHaveLength(1);

    const ringing = await end(ringingId);
    expect(ringing.json()).toMatchObject({ data: { status: 'missed', duration: 0, cost: 0 } });
    expect((await end(424242)).statusCode).toBe(404);

    const stats = await get<CallStatistics>('/admin/calls/statistics');
    expect(stats.body.data).toMatchObject({ total_calls: 6, active_calls: 0, completed_calls: 3 });
    const missed = await get<CallsPage>('/admin/public/calls?status=missed');
    expect(missed.body.data.total).toBe(2);
    const counters = await t.db.execute(
      sql`select sum(n)::int as n from row_counts where counter = 'calls.status.active'`,
    );
    expect((counters as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
