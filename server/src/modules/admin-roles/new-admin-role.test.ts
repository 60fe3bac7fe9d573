import { ROLE_MESSAGES } from '@switchboard/contract/admin-roles';
import { NEW_ADMIN_ROLE_ID } from '@switchboard/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertRole, insertUser, type TestApp } from '../../testing/test-app.ts';

const PASSWORD = 'Str0ng!pass';

/** Attack review #46, finding 1: a role that manages admins made admins with every permission. */
describe('the role a new or promoted admin starts with', () => {
  let t: TestApp;
  let rootAuth: { authorization: string };
  let managerAuth: { authorization: string };
  let narrowRole: string;
  const call = async (auth: object, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: { ...auth }, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const roleOf = async (id: string) => (await call(rootAuth, 'GET', `/admin/users/${id}`)).body.data;
  let n = 0;
  const newUser = (extra: object = {}) => {
    n += 1;
    return { username: `made${n}`, email: `made${n}@example.test`, password: PASSWORD, ...extra };
  };

  beforeAll(async () => {
    t = await createTestApp();
    rootAuth = await t.authHeader(await insertUser(t.db, { username: 'root', isRootAdmin: true }));
    const managerRole = await insertRole(t.db, 'Admin desk', ['admins:manage', 'users:read', 'users:write']);
    managerAuth = await t.authHeader(
      await insertUser(t.db, { username: 'desk', isAdmin: true, adminRoleId: managerRole }),
    );
    narrowRole = await insertRole(t.db, 'Readers', ['users:read']);
  });
  afterAll(() => t.close());

  it('refuses a new admin with no role chosen when the least privileged built-in role exceeds the actor', async () => {
    const res = await call(managerAuth, 'POST', '/admin/users', newUser({ is_admin: true }));
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^You cannot grant permissions your own role does not hold: /);
    expect(res.body.message).not.toContain('admins:manage');
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'role_id' })]);
    expect((await call(rootAuth, 'GET', `/admin/public/users?search=made${n}`)).body.data.users).toEqual([]);
  });

  it('refuses a chosen role beyond the actor, and gives one within it', async () => {
    expect(
      await call(managerAuth, 'POST', '/admin/users', newUser({ is_admin: true, role_id: 'admin' })),
    ).toMatchObject({ status: 403, body: { message: expect.stringContaining('settings:read') } });

    const made = await call(
      managerAuth,
      'POST',
      '/admin/users',
      newUser({ is_admin: true, role_id: narrowRole }),
    );
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ is_admin: true, admin_role_id: narrowRole });
    // Signed in, the new admin reads users and nothing else.
    const auth = await t.authHeader({
      id: made.body.data.id,
      username: made.body.data.username,
      isRootAdmin: false,
    });
    expect((await call(auth, 'GET', '/admin/public/users')).status).toBe(200);
    expect((await call(auth, 'GET', '/admin/settings')).status).toBe(403);
    expect((await call(auth, 'GET', '/security/events')).status).toBe(403);
  });

  it("gives root's new admin the least privileged built-in role unless root picks one", async () => {
    const made = await call(rootAuth, 'POST', '/admin/users', newUser({ is_admin: true }));
    expect(made).toMatchObject({ status: 201, body: { data: { admin_role_id: NEW_ADMIN_ROLE_ID } } });
    const picked = await call(
      rootAuth,
      'POST',
      '/admin/users',
      newUser({ is_admin: true, role_id: 'finance' }),
    );
    expect(picked.body.data.admin_role_id).toBe('finance');
    expect(
      await call(rootAuth, 'POST', '/admin/users', newUser({ is_admin: true, role_id: 'no-such-role' })),
    ).toMatchObject({ status: 404, body: { message: ROLE_MESSAGES.notFound } });
  });

  it('promotes an app user to a role the actor could assign, never the Admin template their row held', async () => {
    const appUser = await insertUser(t.db, { username: 'promoted' });
    expect((await roleOf(appUser.id)).admin_role_id).toBe('admin');

    expect(
      (await call(managerAuth, 'PATCH', `/admin/users/${appUser.id}/admin`, { is_admin: true })).status,
    ).toBe(403);
    expect((await roleOf(appUser.id)).is_admin).toBe(false);
    const promoted = await call(managerAuth, 'PATCH', `/admin/users/${appUser.id}/admin`, {
      is_admin: true,
      role_id: narrowRole,
    });
    expect(promoted).toMatchObject({
      status: 200,
      body: { data: { is_admin: true, admin_role_id: narrowRole } },
    });

    const other = await insertUser(t.db, { username: 'promoted2' });
    expect(
      (await call(rootAuth, 'PATCH', `/admin/users/${other.id}/admin`, { is_admin: true })).body.data,
    ).toMatchObject({ is_admin: true, admin_role_id: NEW_ADMIN_ROLE_ID });
  });

  it('applies the same rule to the bulk make admin', async () => {
    const a = await insertUser(t.db, { username: 'bulk-a' });
    const b = await insertUser(t.db, { username: 'bulk-b' });
    const bulk = (auth: object, role_id?: string) =>
      call(auth, 'POST', '/admin/users/bulk', { action: 'make_admin', user_ids: [a.id, b.id], role_id });
    expect((await bulk(managerAuth)).status).toBe(403);
    expect((await bulk(managerAuth, 'admin')).status).toBe(403);
    expect((await roleOf(a.id)).is_admin).toBe(false);
    expect((await bulk(managerAuth, narrowRole)).status).toBe(200);
    for (const id of [a.id, b.id]) {
      expect(await roleOf(id)).toMatchObject({ is_admin: true, admin_role_id: narrowRole });
    }
  });
});
