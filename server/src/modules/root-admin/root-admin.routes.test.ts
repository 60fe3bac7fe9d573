import { ROOT_ADMIN_MESSAGES } from '@switchboard/contract/root-admin';
import { EMAIL_RULES, PASSWORD_RULES, USERNAME_RULES } from '@switchboard/contract/user-create';
import { USER_RULE_MESSAGES } from '@switchboard/contract/users';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/security.ts';
import { settings } from '../../db/schema/system.ts';
import { users } from '../../db/schema/users.ts';
import { settingsRowsChanged } from '../../testing/stored-settings.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const valid = {
  username: 'rootadmin',
  email: 'Root@Example.test',
  display_name: 'The Root',
  password: 'Str0ng!pass',
  confirm_password: 'Str0ng!pass',
};

let t: TestApp;
const register = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin_root_admin/register',
    payload,
    headers: { 'user-agent': 'register-test' },
  });
const status = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/admin_root_admin/status' })).json();

// A refused registration writes nothing, so these share one installation.
describe('root admin registration: invalid input', () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['username', 'missing', { username: undefined }, USERNAME_RULES.required],
    ['username', 'empty', { username: '' }, USERNAME_RULES.required],
    ['username', 'short', { username: 'ab' }, USERNAME_RULES.tooShort],
    ['username', 'with a space', { username: 'bad name!' }, USERNAME_RULES.pattern],
    ['email', 'missing', { email: undefined }, EMAIL_RULES.required],
    ['email', 'empty', { email: '' }, EMAIL_RULES.required],
    ['email', 'not an address', { email: 'not-an-email' }, EMAIL_RULES.invalid],
    ['password', 'missing', { password: undefined }, PASSWORD_RULES.required],
    ['password', 'empty', { password: '', confirm_password: '' }, PASSWORD_RULES.required],
    ['password', 'short', { password: 'Sh0rt!', confirm_password: 'Sh0rt!' }, PASSWORD_RULES.tooShort],
    [
      'password',
      'weak',
      { password: 'alllowercase1!', confirm_password: 'alllowercase1!' },
      PASSWORD_RULES.weak,
    ],
    ['confirm_password', 'missing', { confirm_password: undefined }, PASSWORD_RULES.confirmRequired],
    ['confirm_password', 'empty', { confirm_password: '' }, PASSWORD_RULES.confirmRequired],
    ['confirm_password', 'different', { confirm_password: 'Str0ng!other' }, PASSWORD_RULES.mismatch],
  ])('refuses a %s that is %s with 400 and the spec message', async (field, _case, change, message) => {
    const res = await register({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.errors).toContainEqual({ field, message });
    expect(body.errors[0].field).toBe(field);
  });
});

// Each test starts from a fresh installation, so they pass in any order.
describe('root admin registration', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('is open on a fresh installation, which has no account at all', async () => {
    expect(await t.db.$count(users)).toBe(0);
    expect(await status()).toEqual({ success: true, enabled: true, existing_root_admins: 0 });
  });

  it('refuses a username or email that is already taken, whatever the case', async () => {
    await insertUser(t.db, { username: 'Taken', email: 'taken@example.test' });
    const byName = await register({ ...valid, username: 'taken' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().errors).toEqual([{ field: 'username', message: USER_RULE_MESSAGES.usernameTaken }]);
    const byEmail = await register({ ...valid, email: 'TAKEN@example.test' });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().errors).toEqual([{ field: 'email', message: USER_RULE_MESSAGES.emailTaken }]);
  });

  it('creates the root admin, who can sign in, audits it, and then closes', async () => {
    const res = await register(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: ROOT_ADMIN_MESSAGES.registered });

    const [user] = await t.db.select().from(users).where(eq(users.username, 'rootadmin'));
    expect(user).toMatchObject({
      email: 'root@example.test',
      fullName: 'The Root',
      isAdmin: true,
      isRootAdmin: true,
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'root_admin.register'));
    expect(audit).toMatchObject({ targetType: 'user', targetId: user?.id, userAgent: 'register-test' });
    expect(audit?.after).toMatchObject({ username: 'rootadmin', is_root_admin: true });
    expect(JSON.stringify(audit?.after)).not.toContain('argon2');

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'rootadmin', password: valid.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.is_root_admin).toBe(true);

    expect(await status()).toEqual({ success: true, enabled: false, existing_root_admins: 1 });
    const again = await register({ ...valid, username: 'second', email: 'second@example.test' });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ success: false, message: ROOT_ADMIN_MESSAGES.closed });
  });

  it('shows the registration settings to root admins only', async () => {
    const settingsFor = async (principal?: Parameters<TestApp['authHeader']>[0]) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/admin_root_admin/settings',
        headers: principal ? await t.authHeader(principal) : {},
      });
    expect((await register(valid)).statusCode).toBe(201);
    const [root] = await t.db.select().from(users).where(eq(users.username, 'rootadmin'));
    if (!root) throw new Error('the root admin was not registered');
    const res = await settingsFor({ id: root.id, username: root.username, isRootAdmin: true });
    expect(res.json()).toEqual({
      success: true,
      registration_enabled: false,
      existing_root_admins: 1,
      can_disable: false,
      settings: { auto_disable_after_creation: true, require_strong_password: true, max_root_admins: 1 },
    });
    const admin = await insertUser(t.db, { username: 'plain-admin', isAdmin: true });
    expect((await settingsFor(admin)).statusCode).toBe(403);
    expect((await settingsFor()).statusCode).toBe(401);
  });

  it('registers no display name as null', async () => {
    expect((await register(valid)).statusCode).toBe(201);
    // Two seats, and no automatic closing after the first root admin.
    await settingsRowsChanged(
      t.db,
      t.db
        .insert(settings)
        .values({ key: 'root_admin', value: { max_root_admins: 2, auto_disable_after_creation: false } }),
    );
    const res = await register({
      ...valid,
      username: 'plain',
      email: 'plain@example.test',
      display_name: undefined,
    });
    expect(res.statusCode).toBe(201);
    const [user] = await t.db
      .select({ fullName: users.fullName })
      .from(users)
      .where(eq(users.username, 'plain'));
    expect(user?.fullName).toBeNull();
    expect(await status()).toEqual({ success: true, enabled: false, existing_root_admins: 2 });
  });
});

describe('simultaneous root admin registrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Several rounds of many at once: a missing lock lets two through in some round on PostgreSQL.
  it('let exactly one through', async () => {
    for (let round = 0; round < 4; round++) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/admin_root_admin/register',
            payload: { ...valid, username: `root${round}x${i}`, email: `root${round}x${i}@example.test` },
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(1);
      expect(codes.filter((code) => code !== 201).every((code) => code === 403)).toBe(true);
      const roots = await t.db.select().from(users).where(eq(users.isRootAdmin, true));
      expect(roots).toHaveLength(1);
      await t.db.delete(users);
    }
  });
});

describe('root admin password strength follows the root admin settings', () => {
  let t: TestApp;
  const weak = { ...valid, password: 'plainpassword', confirm_password: 'plainpassword' };
  const register = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/admin_root_admin/register', payload });
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a weak password while require_strong_password is on (the default)', async () => {
    const res = await register(weak);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSWORD_RULES.weak);
    expect(res.json().errors).toEqual([{ field: 'password', message: PASSWORD_RULES.weak }]);
  });

  it('accepts it once the setting is off, still holding the minimum length', async () => {
    await settingsRowsChanged(
      t.db,
      t.db.insert(settings).values({ key: 'root_admin', value: { require_strong_password: false } }),
    );
    const short = await register({ ...weak, password: 'plain', confirm_password: 'plain' });
    expect(short.statusCode).toBe(400);
    expect((await register(weak)).statusCode).toBe(201);
  });
});
