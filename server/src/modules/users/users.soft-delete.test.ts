import { LOGIN_MESSAGES } from '@switchboard/contract/auth';
import { type ListUsersResponse, USER_ERASE_MESSAGES } from '@switchboard/contract/users';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertAdminManagerRole, insertUser, type TestApp } from '../../testing/test-app.ts';

const PASSWORD = 'Correct-horse-1';

describe('deleting a user', () => {
  let t: TestApp;
  let boss: AdminPrincipal;
  let leaver: AdminPrincipal;
  const api = async (method: 'GET' | 'DELETE', url: string, actor: AdminPrincipal) => {
    const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: await t.authHeader(actor) });
    return { status: res.statusCode, body: res.json() };
  };
  const list = async (query: string) =>
    (await api('GET', `/admin/public/users${query}`, boss)).body as ListUsersResponse;

  const deleteLeaver = async () =>
    expect((await api('DELETE', `/admin/users/${leaver.id}`, boss)).status).toBe(200);

  // Each test starts from its own installation, so they pass in any order.
  beforeEach(async () => {
    t = await createTestApp();
    // Deleting an admin (the leaver) needs admins:manage.
    boss = await insertUser(t.db, {
      username: 'boss',
      isAdmin: true,
      adminRoleId: await insertAdminManagerRole(t.db),
    });
    leaver = await insertUser(t.db, {
      username: 'leaver',
      password: PASSWORD,
      isAdmin: true,
      isOnline: true,
    });
    await insertUser(t.db, { username: 'stayer' });
  });
  afterEach(() => t.close());

  it('takes the user out of lists and counts, and shows them under the deleted filter', async () => {
    const before = await list('');
    expect(before.data.total).toBe(3);
    expect((await list('?status=online')).data.total).toBe(1);
    const authHeader = await t.authHeader(leaver);

    await deleteLeaver();

    const after = await list('');
    expect(after.data.total).toBe(2);
    expect(after.data.users.map((u) => u.username)).not.toContain('leaver');
    expect((await list('?status=online')).data.total).toBe(0);
    expect((await list('?status=admin')).data.total).toBe(1);
    expect((await list('?search=leav')).data.total).toBe(0);
    const deleted = await list('?status=deleted');
    expect(deleted.data).toMatchObject({ total: 1, total_capped: false });
    expect(deleted.data.users.map((u) => u.username)).toEqual(['leaver']);

    // The deleted admin can neither sign in again nor keep using a token issued before.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'leaver', password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ success: false, message: LOGIN_MESSAGES.invalidCredentials });
    const withOldToken = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/public/users',
      headers: authHeader,
    });
    expect(withOldToken.statusCode).toBe(401);
  });

  it('keeps the username taken, so history never shows two people under one name', async () => {
    await deleteLeaver();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: await t.authHeader(boss),
      payload: { username: 'leaver', email: 'new@example.test', password: 'Str0ng!pass' },
    });
    expect(res.statusCode).toBe(409);
  });

  it("lets only a root admin erase a deleted user's personal data, and audits which fields", async () => {
    await deleteLeaver();
    const root = await insertUser(t.db, { username: 'root', isRootAdmin: true });
    const erase = async (actor: AdminPrincipal, id: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${id}/erase`,
        headers: await t.authHeader(actor),
      });
      return { status: res.statusCode, body: res.json() };
    };
    expect((await erase(boss, leaver.id)).status).toBe(403);
    const stayer = (await list('?search=stayer')).data.users[0];
    expect((await erase(root, stayer?.id ?? '')).body).toEqual({
      success: false,
      message: USER_ERASE_MESSAGES.notDeleted,
    });
    const totalBefore = (await list('?status=deleted')).data.total;

    expect(await erase(root, leaver.id)).toEqual({
      status: 200,
      body: { success: true, message: USER_ERASE_MESSAGES.erased },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, leaver.id));
    expect(row).toMatchObject({ fullName: null, passwordHash: null, location: null });
    expect(row?.username).toMatch(/^erased_/);
    expect(row?.email).not.toContain('leaver');
    expect((await list('?status=deleted')).data.total).toBe(totalBefore);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, leaver.id), eq(auditLog.action, 'user.erase')));
    expect(entry).toMatchObject({ actorId: root.id, before: null });
    expect(JSON.stringify(entry?.after)).not.toContain('leaver');
  });
});
