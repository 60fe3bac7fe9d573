import { ROLE_MESSAGES } from '@switchboard/contract/admin-roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { auditRows } from '../../testing/audit-rows.ts';
import {
  createTestApp,
  insertAdminManagerRole,
  insertRole,
  insertUser,
  type TestApp,
} from '../../testing/test-app.ts';

describe('admin roles', () => {
  let t: TestApp;
  let root: AdminPrincipal;
  let rootAuth: { authorization: string };
  const call = async (
    auth: { authorization: string },
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: auth, payload });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    t = await createTestApp();
    root = await insertUser(t.db, { username: 'root', isRootAdmin: true });
    rootAuth = await t.authHeader(root);
  });
  afterAll(() => t.close());

  it('lists the built-in templates, with how many admins hold each', async () => {
    await insertUser(t.db, { username: 'plain-admin', isAdmin: true });
    const { status, body } = await call(rootAuth, 'GET', '/admin/roles');
    expect(status).toBe(200);
    const roles = body.data.roles as { id: string; name: string; admins: number; built_in: boolean }[];
    expect(roles.map((r) => r.name)).toEqual(['Admin', 'Support', 'Finance', 'Moderator', 'Viewer']);
    expect(roles.find((r) => r.id === 'admin')?.admins).toBe(1);
  });

  it('gives an admin another role: their session ends, the next one has the new permissions, and the audit log has before and after', async () => {
    const agent = await insertUser(t.db, { username: 'agent', isAdmin: true, password: 'Str0ng!pass' });
    const oldAuth = await t.authHeader(agent);
    expect((await call(oldAuth, 'GET', '/database/overview')).status).toBe(200);

    const assigned = await call(rootAuth, 'PUT', `/admin/users/${agent.id}/role`, { role_id: 'support' });
    expect(assigned).toMatchObject({ status: 200, body: { message: ROLE_MESSAGES.assigned } });
    expect((await call(oldAuth, 'GET', '/database/overview')).status).toBe(401);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'agent', password: 'Str0ng!pass' },
    });
    const user = login.json().user;
    expect(user.role).toEqual({ id: 'support', name: 'Support' });
    expect(user.permissions).toEqual(['users:read', 'users:write']);
    const newAuth = { authorization: `Bearer ${login.json().access_token}` };
    expect(await call(newAuth, 'GET', '/database/overview')).toMatchObject({
      status: 403,
      body: { message: ROLE_MESSAGES.denied },
    });
    expect((await call(newAuth, 'GET', '/user-reports')).status).toBe(200);

    const entry = (await auditRows(t.db, agent.id)).find((e) => e.action === 'user.set_role');
    expect(entry).toMatchObject({
      actorId: root.id,
      before: { role_id: 'admin' },
      after: { role_id: 'support', role: 'Support' },
    });
  });

  it('lets Support act on user reports (users area) but not block an address (trust & safety)', async () => {
    const support = await insertUser(t.db, { username: 'desk', isAdmin: true, adminRoleId: 'support' });
    const auth = await t.authHeader(support);
    expect((await call(auth, 'GET', '/user-reports')).status).toBe(200);
    expect((await call(auth, 'POST', '/user-reports/999999/suspend-user')).status).toBe(404);
    expect(
      await call(auth, 'POST', '/security/block-ip', { ip: '203.0.113.50', reason: 'spam' }),
    ).toMatchObject({ status: 403, body: { message: ROLE_MESSAGES.denied } });
    expect((await call(auth, 'GET', '/security/events')).status).toBe(403);
    const moderator = await insertUser(t.db, { username: 'mod', isAdmin: true, adminRoleId: 'moderator' });
    const modAuth = await t.authHeader(moderator);
    expect((await call(modAuth, 'POST', '/user-reports/999999/suspend-user')).status).toBe(404);
    expect((await call(modAuth, 'DELETE', `/admin/users/${support.id}`)).status).toBe(403);
  });

  it('makes a custom role from ticked permissions; changing it ends the sessions of admins holding it', async () => {
    const created = await call(rootAuth, 'POST', '/admin/roles', {
      name: 'Coin desk',
      permissions: ['coins:read', 'coins:write', 'coins:read'],
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Coin desk',
      built_in: false,
      permissions: ['coins:read', 'coins:write'],
    });
    const roleId = created.body.data.id as string;

    const clerk = await insertUser(t.db, { username: 'clerk', isAdmin: true, adminRoleId: roleId });
    const clerkAuth = await t.authHeader(clerk);
    expect((await call(clerkAuth, 'GET', '/admin/public/coins')).status).toBe(200);
    expect((await call(clerkAuth, 'GET', '/admin/public/calls')).status).toBe(403);

    const updated = await call(rootAuth, 'PUT', `/admin/roles/${roleId}`, {
      name: 'Coin desk',
      permissions: ['coins:read', 'calls:read'],
    });
    expect(updated.status).toBe(200);
    expect((await call(clerkAuth, 'GET', '/admin/public/coins')).status).toBe(401);
    const after = await t.authHeader(clerk);
    expect((await call(after, 'GET', '/admin/public/calls')).status).toBe(200);
    expect((await call(after, 'POST', '/admin/coins/add', {})).status).toBe(403);

    const entry = (await auditRows(t.db, roleId)).find((e) => e.action === 'role.update');
    expect(entry?.before).toMatchObject({ permissions: ['coins:read', 'coins:write'] });
    expect(entry?.after).toMatchObject({ permissions: ['coins:read', 'calls:read'] });

    expect(await call(rootAuth, 'DELETE', `/admin/roles/${roleId}`)).toMatchObject({
      status: 409,
      body: { message: ROLE_MESSAGES.inUse(1) },
    });
  });

  it('refuses to change a built-in template, a taken name, an unknown permission, and your own role', async () => {
    expect(
      await call(rootAuth, 'PUT', '/admin/roles/viewer', { name: 'Viewer', permissions: ['users:write'] }),
    ).toMatchObject({ status: 409, body: { message: ROLE_MESSAGES.builtInReadOnly } });
    expect(await call(rootAuth, 'POST', '/admin/roles', { name: 'viewer', permissions: [] })).toMatchObject({
      status: 409,
      body: { message: ROLE_MESSAGES.nameTaken },
    });
    expect(
      (await call(rootAuth, 'POST', '/admin/roles', { name: 'X', permissions: ['root:all'] })).status,
    ).toBe(400);
    expect(await call(rootAuth, 'PUT', `/admin/users/${root.id}/role`, { role_id: 'viewer' })).toMatchObject({
      status: 403,
      body: { message: ROLE_MESSAGES.cannotChangeOwn },
    });
  });

  it('lets an admin manager hand out no more than their own role holds; a refusal changes nothing', async () => {
    const manager = await insertUser(t.db, {
      username: 'manager',
      isAdmin: true,
      adminRoleId: await insertAdminManagerRole(t.db),
    });
    const auth = await t.authHeader(manager);
    expect(
      await call(auth, 'POST', '/admin/roles', {
        name: 'Vault',
        permissions: ['data:read', 'backups:download'],
      }),
    ).toMatchObject({
      status: 403,
      body: { message: ROLE_MESSAGES.beyondOwn(['backups:download']), errors: [{ field: 'permissions' }] },
    });
    const vault = await insertRole(t.db, 'Vault by root', ['data:read', 'backups:restore']);
    const colleague = await insertUser(t.db, { username: 'colleague', isAdmin: true });
    expect(await call(auth, 'PUT', `/admin/users/${colleague.id}/role`, { role_id: vault })).toMatchObject({
      status: 403,
      body: { message: ROLE_MESSAGES.beyondOwn(['backups:restore']) },
    });
    // What the manager holds, they may hand out.
    const made = await call(auth, 'POST', '/admin/roles', { name: 'Readers', permissions: ['users:read'] });
    expect(made.status).toBe(201);
    expect(
      (await call(auth, 'PUT', `/admin/users/${colleague.id}/role`, { role_id: made.body.data.id })).status,
    ).toBe(200);
    const entries = await auditRows(t.db, colleague.id);
    expect(entries.filter((e) => e.action === 'user.set_role')).toHaveLength(1);
  });

  it('lets only admins:manage make admins: an Admin-template admin cannot promote anyone', async () => {
    const admin = await insertUser(t.db, { username: 'second', isAdmin: true });
    const target = await insertUser(t.db, { username: 'caller-1' });
    const auth = await t.authHeader(admin);
    const bulk = await call(auth, 'POST', '/admin/users/bulk', {
      action: 'make_admin',
      user_ids: [target.id],
    });
    expect(bulk).toMatchObject({ status: 403, body: { message: ROLE_MESSAGES.denied } });
    const assign = await call(auth, 'PUT', `/admin/users/${target.id}/role`, { role_id: 'admin' });
    expect(assign.status).toBe(403);
  });
});
