import { USER_REPORT_MESSAGES } from '@switchboard/contract/user-reports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userReports } from '../../db/schema/reports.ts';
import { auditLog } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

describe('user reports', () => {
  let t: TestApp;
  let admin: AdminPrincipal;
  let reporter: AdminPrincipal;
  let reported: AdminPrincipal;
  let auth: { authorization: string };
  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: auth, ...(payload ? { payload } : {}) });
  const newReport = async (status: 'pending' | 'reviewed' | 'resolved' | 'dismissed' = 'pending') => {
    const [row] = await t.db
      .insert(userReports)
      .values({
        reportType: 'spam',
        reporterId: reporter.id,
        reportedUserId: reported.id,
        reason: 'Spam links',
        status,
      })
      .returning({ id: userReports.id });
    if (!row) throw new Error('insert failed');
    return row.id;
  };
  const auditsFor = async (id: number | string) =>
    t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await insertUser(t.db, { username: 'moderator', isAdmin: true });
    reporter = await insertUser(t.db, { username: 'reporter' });
    reported = await insertUser(t.db, { username: 'reported', password: 'Correct-horse-1', isAdmin: true });
    auth = await t.authHeader(admin);
  });
  afterAll(() => t.close());

  it('resolves a pending report with trimmed notes, audited once', async () => {
    const id = await newReport();
    const res = await api('POST', `/user-reports/${id}/resolve`, { resolution_notes: '  Warned the user  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      status: 'resolved',
      resolution_notes: 'Warned the user',
      reporter_username: 'reporter',
      reported_user_username: 'reported',
    });
    const audits = await auditsFor(id);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.action).toBe('user_report.resolve');
  });

  it('dismisses a pending report with a reason, audited once', async () => {
    const id = await newReport();
    const res = await api('POST', `/user-reports/${id}/dismiss`, { dismissal_reason: 'Not spam' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'dismissed', resolution_notes: 'Not spam' });
    expect((await auditsFor(id)).map((a) => a.action)).toEqual(['user_report.dismiss']);
  });

  it('reopens a resolved or dismissed report (the Undo): pending again, notes cleared, audited, counters follow', async () => {
    const statsOf = async () => (await api('GET', '/user-reports/stats')).json().data;
    const id = await newReport();
    const pending = (await statsOf()).pending_reports;
    await api('POST', `/user-reports/${id}/resolve`, { resolution_notes: 'Warned' });
    expect((await statsOf()).pending_reports).toBe(pending - 1);
    const res = await api('POST', `/user-reports/${id}/reopen`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'pending', resolution_notes: null });
    expect((await statsOf()).pending_reports).toBe(pending);
    const audits = await auditsFor(id);
    expect(audits.map((a) => a.action).sort()).toEqual(['user_report.reopen', 'user_report.resolve']);
    expect(audits.find((a) => a.action === 'user_report.reopen')?.before).toMatchObject({
      status: 'resolved',
    });

    // Pending again, it can be decided again; a pending report cannot be reopened.
    const again = await api('POST', `/user-reports/${id}/reopen`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(USER_REPORT_MESSAGES.notClosed);
    await api('POST', `/user-reports/${id}/dismiss`, { dismissal_reason: 'Not spam' });
    expect((await api('POST', `/user-reports/${id}/reopen`)).json().data.status).toBe('pending');
    expect((await api('POST', '/user-reports/999999/reopen')).statusCode).toBe(404);
  });

  it('refuses blank notes or reason with 400 and changes nothing', async () => {
    const id = await newReport();
    for (const [path, body] of [
      ['resolve', { resolution_notes: '   ' }],
      ['resolve', {}],
      ['dismiss', { dismissal_reason: '' }],
    ] as const) {
      const res = await api('POST', `/user-reports/${id}/${path}`, body);
      expect(res.statusCode).toBe(400);
    }
    const [row] = await t.db.select().from(userReports).where(eq(userReports.id, id));
    expect(row?.status).toBe('pending');
    expect(await auditsFor(id)).toHaveLength(0);
  });

  it('only pending reports can be resolved or dismissed: anything else is a 409, unchanged', async () => {
    for (const status of ['reviewed', 'resolved', 'dismissed'] as const) {
      const id = await newReport(status);
      for (const [path, body] of [
        ['resolve', { resolution_notes: 'notes' }],
        ['dismiss', { dismissal_reason: 'reason' }],
      ] as const) {
        const res = await api('POST', `/user-reports/${id}/${path}`, body);
        expect(res.statusCode, `${status} → ${path}`).toBe(409);
        expect(res.json().message).toBe(USER_REPORT_MESSAGES.notPending);
      }
      const [row] = await t.db.select().from(userReports).where(eq(userReports.id, id));
      expect(row?.status).toBe(status);
      expect(await auditsFor(id)).toHaveLength(0);
    }
    expect((await api('POST', '/user-reports/999999/resolve', { resolution_notes: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('lists by status with totals from the counters, and stats agree', async () => {
    const pending = (await api('GET', '/user-reports?status=pending&per_page=20')).json().data;
    expect(pending.reports.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    expect(pending.total).toBe(pending.reports.length);
    const all = (await api('GET', '/user-reports?page=1&per_page=20')).json().data;
    const stats = (await api('GET', '/user-reports/stats')).json().data;
    expect(stats.total_reports).toBe(all.total);
    expect(stats.pending_reports).toBe(pending.total);
    expect(stats.total_reports).toBe(
      stats.pending_reports + stats.reviewed_reports + stats.resolved_reports + stats.dismissed_reports,
    );
    expect(stats.last_24h_reports).toBe(all.total);
    // Each report names its people by username beside their ids.
    expect(all.reports[0]).toMatchObject({
      reporter_id: reporter.id,
      reporter_username: 'reporter',
      reported_user_id: reported.id,
      reported_user_username: 'reported',
    });
    // Newest first.
    const ids = all.reports.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('suspends the reported user: sign-in refused, audited once; a second suspend is a 409', async () => {
    const id = await newReport();
    const res = await api('POST', `/user-reports/${id}/suspend-user`);
    expect(res.statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.id, reported.id));
    expect(user?.isActive).toBe(false);
    const audits = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, reported.id))).filter(
      (a) => a.action === 'user.suspend',
    );
    expect(audits).toHaveLength(1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'reported', password: 'Correct-horse-1' },
    });
    expect(login.statusCode).toBe(403);
    expect((await api('POST', `/user-reports/${id}/suspend-user`)).statusCode).toBe(409);
  });
});
