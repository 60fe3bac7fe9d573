import { APP_LIMITS } from '@switchboard/contract/account';
import { APP_ACTION_MESSAGES } from '@switchboard/contract/app-actions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { appApi, countRows, fieldError } from '../social/testing/app-api.ts';

describe('a calling app reports a user', () => {
  let t: TestApp;
  let api: ReturnType<typeof appApi>;
  let me: AdminPrincipal;
  let troll: AdminPrincipal;
  let auth: { authorization: string };
  let adminAuth: { authorization: string };
  const reportRows = async () => countRows(t, 'user_reports');

  beforeAll(async () => {
    t = await createTestApp();
    api = appApi(t);
    me = await insertUser(t.db, { username: 'reporter' });
    troll = await insertUser(t.db, { username: 'troll' });
    auth = await t.appAuthHeader(me);
    adminAuth = await t.authHeader(await insertUser(t.db, { username: 'moderator', isAdmin: true }));
  });
  afterAll(() => t.close());

  it('files a pending report that the User Reports screen lists and counts', async () => {
    const res = await api('POST', '/users/reports', auth, {
      user_id: troll.id,
      report_type: 'harassment',
      reason: 'Abusive calls',
      description: 'Called me ten times at night',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ reported_user_id: troll.id, status: 'pending' });

    const screen = (await api('GET', '/user-reports?status=pending', adminAuth)).json().data;
    expect(screen.reports).toEqual([
      expect.objectContaining({
        reporter_id: me.id,
        reported_user_id: troll.id,
        report_type: 'harassment',
        reason: 'Abusive calls',
        description: 'Called me ten times at night',
      }),
    ]);
    const stats = (await api('GET', '/user-reports/stats', adminAuth)).json();
    expect(JSON.stringify(stats)).toContain('"pending_reports":1');
  });

  it('refuses a bad report with the field and the reason, writing nothing', async () => {
    const before = await reportRows();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ user_id: troll.id, report_type: 'rude', reason: 'x' }, 'report_type'],
      [
        { user_id: troll.id, report_type: 'spam', reason: '   ' },
        'reason',
        APP_ACTION_MESSAGES.reportReasonRequired,
      ],
      [{ user_id: troll.id, report_type: 'spam' }, 'reason', APP_ACTION_MESSAGES.reportReasonRequired],
      [
        {
          user_id: troll.id,
          report_type: 'spam',
          reason: 'Spam',
          description: 'x'.repeat(APP_LIMITS.maxMessageLength + 1),
        },
        'description',
        'Description must be at most 1,000 characters',
      ],
      [{ user_id: me.id, report_type: 'spam', reason: 'Me' }, 'user_id', APP_ACTION_MESSAGES.notYourself],
      [{ user_id: 'someone', report_type: 'spam', reason: 'Spam' }, 'user_id'],
    ];
    for (const [body, field, message] of cases) {
      const res = await api('POST', '/users/reports', auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = fieldError(res.json());
      expect(error?.field).toBe(field);
      if (message) expect(error?.message).toBe(message);
    }
    const nobody = await api('POST', '/users/reports', auth, {
      user_id: '00000000-0000-4000-8000-000000000000',
      report_type: 'spam',
      reason: 'Spam',
    });
    expect(nobody.statusCode).toBe(404);
    expect(await reportRows()).toBe(before);
  });
});
