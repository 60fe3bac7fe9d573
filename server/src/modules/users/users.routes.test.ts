import { USER_RULE_MESSAGES } from '@switchboard/contract/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { auditRows } from '../../testing/audit-rows.ts';
import { createTestApp, insertAdminManagerRole, insertUser, type TestApp } from '../../testing/test-app.ts';
import { verifyPassword } from './password.ts';

describe('single-user routes', () => {
  let t: TestApp;
  let admin: AdminPrincipal;
  let auth: { authorization: string };
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: auth, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const newUser = {
    username: 'New_Agent',
    email: 'New.Agent@Example.test',
    full_name: 'New Agent',
    password: 'Str0ng!pass',
  };

  beforeAll(async () => {
    t = await createTestApp();
    // Toggling admin rights needs admins:manage.
    admin = await insertUser(t.db, {
      username: 'boss',
      isAdmin: true,
      adminRoleId: await insertAdminManagerRole(t.db),
    });
    auth = await t.authHeader(admin);
  });
  afterAll(() => t.close());

  it('creates a user with a hashed password and an audit row', async () => {
    const { status, body } = await call('POST', '/admin/users', newUser);
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      username: 'New_Agent',
      email: 'new.agent@example.test',
      is_admin: false,
    });
    const [stored] = await t.db.select().from(users).where(eq(users.id, body.data.id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored?.passwordHash ?? '', newUser.password)).toBe(true);

    const [entry] = await auditRows(t.db, body.data.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorUsername: 'boss',
      action: 'user.create',
      before: null,
    });
    expect(entry?.after).toEqual(body.data);
    expect(JSON.stringify(entry)).not.toContain('argon2');
  });

  it('refuses a duplicate username or email whatever the case, with 409 naming the field', async () => {
    const taken = { ...newUser, username: 'Taken_Agent', email: 'Taken.Agent@Example.test' };
    expect((await call('POST', '/admin/users', taken)).status).toBe(201);
    const sameName = await call('POST', '/admin/users', {
      ...taken,
      email: 'other@example.test',
      username: 'taken_agent',
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({
      message: USER_RULE_MESSAGES.usernameTaken,
      errors: [{ field: 'username' }],
    });
    const sameEmail = await call('POST', '/admin/users', {
      ...taken,
      username: 'someone',
      email: 'TAKEN.AGENT@example.test',
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.errors).toEqual([expect.objectContaining({ field: 'email' })]);
  });

  it('answers 409, not 500, when two requests take the same username at once', async () => {
    const results = await Promise.all([
      call('POST', '/admin/users', { ...newUser, username: 'twin', email: 'twin1@example.test' }),
      call('POST', '/admin/users', { ...newUser, username: 'TWIN', email: 'twin2@example.test' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body.errors).toEqual([
      expect.objectContaining({ field: 'username' }),
    ]);
  });

  it.each([
    [{ ...newUser, username: 'ab' }, 'username'],
    [{ ...newUser, username: 'bad name!' }, 'username'],
    [{ ...newUser, email: 'not-an-email' }, 'email'],
    [{ ...newUser, password: 'alllowercase1!' }, 'password'],
    [{ ...newUser, is_admin: 'yes' }, 'is_admin'],
  ])('rejects a bad new user with 400 naming the field (%#)', async (payload, field) => {
    const { status, body } = await call('POST', '/admin/users', payload);
    expect(status).toBe(400);
    expect(body.errors).toEqual([expect.objectContaining({ field })]);
  });

  it('reads one user, 404 when unknown and 400 when the id is not a uuid', async () => {
    const agent = await insertUser(t.db, { username: 'reader' });
    expect((await call('GET', `/admin/users/${agent.id}`)).body.data.username).toBe('reader');
    const missing = await call('GET', `/admin/users/${crypto.randomUUID()}`);
    expect(missing).toEqual({ status: 404, body: { success: false, message: USER_RULE_MESSAGES.notFound } });
    const bad = await call('GET', '/admin/users/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'id' })]);
  });

  it('toggles admin rights and audits the change', async () => {
    const agent = await insertUser(t.db, { username: 'toggled' });
    const made = await call('PATCH', `/admin/users/${agent.id}/admin`, { is_admin: true });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ id: agent.id, is_admin: true });
    const removed = await call('PATCH', `/admin/users/${agent.id}/admin`, { is_admin: false });
    expect(removed.body.data.is_admin).toBe(false);

    const entries = await auditRows(t.db, agent.id);
    expect(
      entries.map((e) => [
        e.action,
        (e.before as { is_admin: boolean }).is_admin,
        (e.after as { is_admin: boolean }).is_admin,
      ]),
    ).toEqual([
      ['user.set_admin', false, true],
      ['user.set_admin', true, false],
    ]);
  });

  it('refuses to remove your own admin rights', async () => {
    const { status, body } = await call('PATCH', `/admin/users/${admin.id}/admin`, { is_admin: false });
    expect(status).toBe(403);
    expect(body.message).toBe(USER_RULE_MESSAGES.cannotDemoteSelf);
  });

  it('deletes a user and audits what it was', async () => {
    const agent = await insertUser(t.db, { username: 'leaving' });
    const { status, body } = await call('DELETE', `/admin/users/${agent.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: 'User deleted' });
    const [stored] = await t.db.select().from(users).where(eq(users.id, agent.id));
    expect(stored?.deletedAt).toBeInstanceOf(Date);
    expect((await call('GET', `/admin/users/${agent.id}`)).status).toBe(404);
    expect((await call('DELETE', `/admin/users/${agent.id}`)).status).toBe(404);
    const [entry] = await auditRows(t.db, agent.id);
    expect(entry).toMatchObject({ action: 'user.delete', after: null, before: { username: 'leaving' } });
    expect((await call('DELETE', `/admin/users/${agent.id}`)).status).toBe(404);
  });

  it('refuses to delete your own account', async () => {
    const { status, body } = await call('DELETE', `/admin/users/${admin.id}`);
    expect(status).toBe(403);
    expect(body.message).toBe(USER_RULE_MESSAGES.cannotDeleteSelf);
  });

  it('needs a signed-in admin for every change', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/admin/users'],
      ['PATCH', `/api/v1/admin/users/${admin.id}/admin`],
      ['DELETE', `/api/v1/admin/users/${admin.id}`],
      ['POST', '/api/v1/admin/users/bulk'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
    }
  });
});
