import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationRecipients, notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { auditRows } from '../../testing/audit-rows.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { markNotificationRead } from './notifications.service.ts';

describe('notifications API', () => {
  let t: TestApp;
  let admin: AdminPrincipal;
  let headers: { authorization: string };
  const plain: AdminPrincipal[] = [];
  let premium: AdminPrincipal;
  let deleted: AdminPrincipal;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await insertUser(t.db, { username: 'notify-admin', isAdmin: true });
    headers = await t.authHeader(admin);
    for (let i = 0; i < 3; i++) plain.push(await insertUser(t.db, { username: `plain-${i}` }));
    premium = await insertUser(t.db, { username: 'premium-1' });
    await t.db.update(users).set({ isPremium: true }).where(eq(users.id, premium.id));
    deleted = await insertUser(t.db, { username: 'gone-1' });
    await t.db.update(users).set({ deletedAt: new Date(), isPremium: true }).where(eq(users.id, deleted.id));
    await insertUser(t.db, { username: 'inactive-1', isActive: false });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const create = async (body: object) => {
    const res = await call('POST', '/admin/notifications', { title: 'Hello', message: 'World', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; status: string };
  };
  const recipientsOf = async (id: number) =>
    (
      await t.db
        .select({ userId: notificationRecipients.userId })
        .from(notificationRecipients)
        .where(eq(notificationRecipients.notificationId, id))
    )
      .map((r) => r.userId)
      .sort();

  it('refuses a caller without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/notifications' });
    expect(res.statusCode).toBe(401);
  });

  it('creates a draft with the form defaults and audits it', async () => {
    const created = await create({});
    expect(created).toMatchObject({
      status: 'draft',
      type: 'info',
      priority: 'medium',
      target_audience: 'all',
      is_scheduled: false,
      scheduled_at: null,
      created_by: admin.id,
    });
    const audit = await auditRows(t.db, String(created.id));
    expect(audit.map((a) => a.action)).toEqual(['notification.create']);
  });

  it('refuses a blank title or message with a 400 and writes nothing', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    for (const body of [{ title: '  ' }, { message: '' }]) {
      const res = await call('POST', '/admin/notifications', { title: 'T', message: 'M', ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    expect(after).toEqual(before);
  });

  it('sends to all reachable users: one recipient row each, status sent, counts from the counter columns', async () => {
    const { id } = await create({ title: 'To everyone' });
    const res = await call('POST', `/admin/notifications/${id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().data;
    expect(sent.status).toBe('sent');
    expect(sent.sent_at).not.toBeNull();
    const expected = [admin, ...plain, premium].map((u) => u.id).sort();
    expect(await recipientsOf(id)).toEqual(expected);
    expect(sent.total_recipients).toBe(expected.length);
    expect((await auditRows(t.db, String(id))).map((a) => a.action)).toContain('notification.send');

    const again = await call('POST', `/admin/notifications/${id}/send`);
    expect(again.statusCode).toBe(409);
    expect(await recipientsOf(id)).toEqual(expected);
  });

  it('resolves the premium, admin and specific audiences', async () => {
    const cases = [
      { target_audience: 'premium', want: [premium.id] },
      { target_audience: 'admin', want: [admin.id] },
      {
        target_audience: 'specific',
        target_user_ids: [plain[0]?.id, plain[2]?.id, deleted.id],
        want: [plain[0]?.id, plain[2]?.id],
      },
    ];
    for (const { want, ...body } of cases) {
      const { id } = await create(body);
      expect((await call('POST', `/admin/notifications/${id}/send`)).statusCode).toBe(200);
      expect(await recipientsOf(id)).toEqual([...(want as string[])].sort());
    }
  });

  it('previews how many users each audience reaches, the same users a send writes, and writes nothing', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    const preview = async (body: object) => {
      const res = await call('POST', '/admin/audience-preview', body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.recipients as number;
    };
    expect(await preview({})).toBe([admin, ...plain, premium].length);
    expect(await preview({ target_audience: 'premium' })).toBe(1);
    expect(await preview({ target_audience: 'admin' })).toBe(1);
    expect(await preview({ target_audience: 'specific', target_user_ids: [plain[0]?.id, deleted.id] })).toBe(
      1,
    );
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications)).toEqual(before);

    const bad = await call('POST', '/admin/audience-preview', { target_audience: 'everyone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('target_audience');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/audience-preview',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("lists a draft's specific users by username for its edit form, once per page", async () => {
    const { id } = await create({
      title: 'Named draft',
      target_audience: 'specific',
      target_user_ids: [plain[1]?.id, deleted.id],
    });
    const res = await call('GET', '/admin/notifications?search=Named%20draft');
    const listed = res.json().data.notifications.find((n: { id: number }) => n.id === id);
    expect(listed.target_users).toEqual([
      { id: plain[1]?.id, username: 'plain-1' },
      { id: deleted.id, username: 'gone-1' },
    ]);
    // Only a draft can be edited: a sent one names nobody.
    expect((await call('POST', `/admin/notifications/${id}/send`)).statusCode).toBe(200);
    const after = (await call('GET', '/admin/notifications?search=Named%20draft')).json().data.notifications;
    expect(after.find((n: { id: number }) => n.id === id).target_users).toEqual([]);
  });

  it('refuses the specific audience without users', async () => {
    const res = await call('POST', '/admin/notifications', {
      title: 'T',
      message: 'M',
      target_audience: 'specific',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('target_user_ids');
  });

  it('edits and deletes only drafts', async () => {
    const { id } = await create({ title: 'Draft' });
    const edited = await call('PUT', `/admin/notifications/${id}`, {
      title: 'Edited',
      message: 'Changed',
      type: 'warning',
      priority: 'urgent',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Edited', type: 'warning', priority: 'urgent' });
    await call('POST', `/admin/notifications/${id}/send`);
    expect((await call('PUT', `/admin/notifications/${id}`, { title: 'X', message: 'Y' })).statusCode).toBe(
      409,
    );
    expect((await call('DELETE', `/admin/notifications/${id}`)).statusCode).toBe(409);

    const draft = await create({ title: 'Doomed' });
    expect((await call('DELETE', `/admin/notifications/${draft.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/admin/notifications/${draft.id}`)).statusCode).toBe(404);
    expect((await auditRows(t.db, String(draft.id))).map((a) => a.action)).toEqual([
      'notification.create',
      'notification.delete',
    ]);
  });

  it('schedules for the future, refuses the past, and cancels before the time', async () => {
    const past = await call('POST', '/admin/notifications', {
      title: 'Late',
      message: 'M',
      is_scheduled: true,
      scheduled_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    const { id, status } = await create({
      is_scheduled: true,
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(status).toBe('scheduled');
    expect((await call('POST', `/admin/notifications/${id}/send`)).statusCode).toBe(409);
    const cancelled = await call('POST', `/admin/notifications/${id}/cancel`);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await call('POST', `/admin/notifications/${id}/cancel`)).statusCode).toBe(409);
  });

  it('lists newest first with status, type and search filters', async () => {
    await create({ title: 'Maintenance window 100%', type: 'warning' });
    const all = (await call('GET', '/admin/notifications')).json().data;
    expect(all.has_more).toBe(false);
    const times = all.notifications.map((n: { created_at: string }) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const warnings = (await call('GET', '/admin/notifications?type=warning')).json().data.notifications;
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.every((n: { type: string }) => n.type === 'warning')).toBe(true);
    const found = (await call('GET', '/admin/notifications?search=100%25')).json().data.notifications;
    expect(found.map((n: { title: string }) => n.title)).toEqual(['Maintenance window 100%']);
    const sent = (await call('GET', '/admin/notifications?status=sent')).json().data.notifications;
    expect(sent.every((n: { status: string }) => n.status === 'sent')).toBe(true);
  });

  it('marks a notification read once, however often the app reports it', async () => {
    const { id } = await create({ title: 'Read me' });
    await call('POST', `/admin/notifications/${id}/send`);
    const user = plain[1] as AdminPrincipal;
    expect(await markNotificationRead(t.db, id, user.id)).toEqual({ newlyRead: true });
    const [first] = await t.db
      .select({ readAt: notificationRecipients.readAt })
      .from(notificationRecipients)
      .where(and(eq(notificationRecipients.notificationId, id), eq(notificationRecipients.userId, user.id)));
    expect(await markNotificationRead(t.db, id, user.id)).toEqual({ newlyRead: false });
    await Promise.all([markNotificationRead(t.db, id, user.id), markNotificationRead(t.db, id, user.id)]);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row?.readCount).toBe(1);
    const [again] = await t.db
      .select({ readAt: notificationRecipients.readAt })
      .from(notificationRecipients)
      .where(and(eq(notificationRecipients.notificationId, id), eq(notificationRecipients.userId, user.id)));
    expect(again?.readAt).toEqual(first?.readAt);
    await expect(markNotificationRead(t.db, id, deleted.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('stat cards count by status and average reads over recipients of sent notifications', async () => {
    const { id } = await create({ title: 'Stats probe' });
    await call('POST', `/admin/notifications/${id}/send`);
    await markNotificationRead(t.db, id, (plain[2] as AdminPrincipal).id);
    const stats = (await call('GET', '/admin/notification-stats')).json().data;
    const rows = await t.db.select().from(notifications);
    const sent = rows.filter((r) => r.status === 'sent');
    const recipients = sent.reduce((s, r) => s + r.totalRecipients, 0);
    const reads = sent.reduce((s, r) => s + r.readCount, 0);
    expect(stats).toMatchObject({
      total_notifications: rows.length,
      sent_notifications: sent.length,
      scheduled_notifications: rows.filter((r) => r.status === 'scheduled').length,
      draft_notifications: rows.filter((r) => r.status === 'draft').length,
      total_recipients: recipients,
    });
    expect(stats.average_read_rate).toBeCloseTo(reads / recipients);
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(stats.recent_activity.length).toBe(Math.min(10, sent.length));
    expect(stats.recent_activity[0].title).toBe('Stats probe');
  });
});
