import type { CallRow, CallStatistics, CallsPage } from '@switchboard/contract/calls';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/security.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { openCallsFixture } from './testing/calls-fixture.ts';

// Ending calls changes the totals the list tests check, so it runs on a fixture of its own.
describe('ending a live call', () => {
  let t: TestApp;
  let auth: { authorization: string };
  let activeId = 0;
  let ringingId = 0;
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth });
    return { status: res.statusCode, body: res.json() as { success: boolean; data: T; message?: string } };
  };

  beforeAll(async () => {
    ({ t, auth, activeId, ringingId } = await openCallsFixture());
  });
  afterAll(() => t.close());

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
