import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationRecipients, notifications } from '../../db/schema/notifications.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { appApi } from '../social/testing/app-api.ts';

describe('a calling app marks its notifications read', () => {
  let t: TestApp;
  let api: ReturnType<typeof appApi>;
  let me: AdminPrincipal;
  let other: AdminPrincipal;
  let auth: { authorization: string };
  let adminAuth: { authorization: string };
  let notificationId: number;
  const readCount = async () =>
    (await api('GET', '/admin/notifications', adminAuth))
      .json()
      .data.notifications.find((n: { id: number }) => n.id === notificationId).read_count as number;

  beforeAll(async () => {
    t = await createTestApp();
    api = appApi(t);
    me = await insertUser(t.db, { username: 'reader' });
    other = await insertUser(t.db, { username: 'other-reader' });
    auth = await t.appAuthHeader(me);
    adminAuth = await t.authHeader(await insertUser(t.db, { username: 'sender', isAdmin: true }));
    const [row] = await t.db
      .insert(notifications)
      .values({ title: 'Update', message: 'New version', status: 'sent', sentAt: new Date() })
      .returning({ id: notifications.id });
    notificationId = row?.id ?? 0;
    await t.db.insert(notificationRecipients).values([
      { notificationId, userId: me.id, deliveredAt: new Date() },
      { notificationId, userId: other.id },
    ]);
  });
  afterAll(() => t.close());

  it('marks the account’s own copy read once; the Notifications screen counts it', async () => {
    expect(await readCount()).toBe(0);
    const res = await api('POST', `/users/notifications/${notificationId}/read`, auth);
    expect(res.statusCode).toBe(200);
    const first = res.json().data;
    expect(first).toMatchObject({ notification_id: notificationId });
    expect(first.read_at).not.toBeNull();
    const again = (await api('POST', `/users/notifications/${notificationId}/read`, auth)).json().data;
    expect(again.read_at).toBe(first.read_at);
    expect(await readCount()).toBe(1);
    const [theirs] = await t.db
      .select({ read_at: notificationRecipients.readAt })
      .from(notificationRecipients)
      .where(eq(notificationRecipients.userId, other.id));
    expect(theirs?.read_at).toBeNull();
  });

  it('answers 404 for a notification the account was not sent, and 400 for a bad id, changing nothing', async () => {
    const outsider = await t.appAuthHeader(await insertUser(t.db, { username: 'outsider' }));
    expect((await api('POST', `/users/notifications/${notificationId}/read`, outsider)).statusCode).toBe(404);
    expect((await api('POST', '/users/notifications/99999/read', auth)).statusCode).toBe(404);
    const bad = await api('POST', '/users/notifications/x/read', auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('id');
    expect(await readCount()).toBe(1);
  });
});
