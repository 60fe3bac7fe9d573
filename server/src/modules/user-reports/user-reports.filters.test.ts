import type { UserReportsPage } from '@switchboard/contract/user-reports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userReports } from '../../db/schema/reports.ts';
import { auditLog } from '../../db/schema/security.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const DAY = 86_400_000;

/** Issue #29: reports narrow by type, status and date, and a search by either party's username. */
describe('user reports filters and the suspend reason', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: auth, ...(payload ? { payload } : {}) });
  const reasons = async (query: string) => {
    const res = await api('GET', `/user-reports?${query}`);
    expect(res.statusCode, query).toBe(200);
    return (res.json() as { data: UserReportsPage }).data.reports.map((r) => r.reason);
  };
  let victimId = '';
  let firstId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader(await insertUser(t.db, { username: 'mod', isAdmin: true }));
    const zed = await insertUser(t.db, { username: 'zed_reporter' });
    const amy = await insertUser(t.db, { username: 'amy_watch' });
    const troll = await insertUser(t.db, { username: 'troll99' });
    victimId = troll.id;
    const now = Date.now();
    const rows = await t.db
      .insert(userReports)
      .values([
        {
          reportType: 'spam',
          reporterId: zed.id,
          reportedUserId: troll.id,
          reason: 'r1',
          createdAt: new Date(now - 1 * DAY),
        },
        {
          reportType: 'harassment',
          reporterId: amy.id,
          reportedUserId: troll.id,
          reason: 'r2',
          createdAt: new Date(now - 3 * DAY),
          status: 'resolved',
        },
        {
          reportType: 'spam',
          reporterId: amy.id,
          reportedUserId: zed.id,
          reason: 'r3',
          createdAt: new Date(now - 5 * DAY),
        },
        {
          reportType: 'fake_profile',
          reporterId: troll.id,
          reportedUserId: amy.id,
          reason: 'r4',
          createdAt: new Date(now - 10 * DAY),
          status: 'dismissed',
        },
      ])
      .returning({ id: userReports.id });
    firstId = rows[0]?.id ?? 0;
  }, 300_000);
  afterAll(() => t.close());

  it('filters by type, status and date, and searches either party by username', async () => {
    expect(await reasons('type=spam')).toEqual(['r1', 'r3']);
    expect(await reasons('type=spam&status=pending')).toEqual(['r1', 'r3']);
    expect(await reasons('status=resolved')).toEqual(['r2']);
    const fourDaysAgo = new Date(Date.now() - 4 * DAY).toISOString();
    const twoDaysAgo = new Date(Date.now() - 2 * DAY).toISOString();
    expect(await reasons(`start=${fourDaysAgo}`)).toEqual(['r1', 'r2']);
    expect(await reasons(`start=${fourDaysAgo}&end=${twoDaysAgo}`)).toEqual(['r2']);
    // As reported (r1, r2) and as reporter (r4); a part of the name, any case.
    expect(await reasons('search=TROLL')).toEqual(['r1', 'r2', 'r4']);
    expect(await reasons('search=amy&type=spam')).toEqual(['r3']);
    expect(await reasons('search=nobody-like-this')).toEqual([]);
    const page = (await api('GET', '/user-reports?search=troll&per_page=2')).json().data as UserReportsPage;
    expect(page).toMatchObject({ total: 3, total_pages: 2, total_capped: false });
  });

  it('refuses a bad filter with a 400 naming the field and the reason', async () => {
    for (const [query, field, reason] of [
      ['type=bogus', 'type', 'type must be one of: '],
      ['start=someday', 'start', 'Enter a valid date and time'],
      ['start=2026-11-02T00:00:00Z&end=2026-11-01T00:00:00Z', 'end', 'The end must be after the start'],
    ] as const) {
      const res = await api('GET', `/user-reports?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0], query).toMatchObject({ field });
      expect(res.json().errors[0].message, query).toContain(reason);
    }
  });

  it('still suspends without a body (older clients)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user-reports/999999/suspend-user`,
      headers: auth,
    });
    // Past validation: the report is looked up (and not found), the missing body is no 400.
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Report not found');
  });

  it('takes the suspend reason in the body, refuses a blank one, and records it', async () => {
    const blank = await api('POST', `/user-reports/${firstId}/suspend-user`, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toMatchObject({
      field: 'reason',
      message: 'Say why the user is suspended',
    });
    const res = await api('POST', `/user-reports/${firstId}/suspend-user`, { reason: ' Repeated spam ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'User suspended' });
    const [audit] = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, victimId))).filter(
      (a) => a.action === 'user.suspend',
    );
    // Stored on the user, so their page says why: the report it came from and the admin's reason.
    expect(audit?.after).toMatchObject({
      is_active: false,
      suspension_reason: `Report #${firstId}: Repeated spam`,
    });
  });
});
