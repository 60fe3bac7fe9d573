import { createHash } from 'node:crypto';
import { LOGIN_MESSAGES } from '@switchboard/contract/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, refreshTokens } from '../../db/schema/auth.ts';
import { securityEvents } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const PASSWORD = 'Correct-horse-1';

describe('POST /api/v1/auth/login', () => {
  let t: TestApp;
  const login = (username: string, password: string, ip = '203.0.113.10') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password },
      remoteAddress: ip,
      headers: { 'user-agent': 'login-test/1.0' },
    });

  beforeAll(async () => {
    t = await createTestApp();
    await insertUser(t.db, {
      username: 'Alice',
      email: 'alice@example.test',
      password: PASSWORD,
      isAdmin: true,
    });
    await insertUser(t.db, { username: 'root', password: PASSWORD, isRootAdmin: true });
    await insertUser(t.db, { username: 'caller', password: PASSWORD, isAdmin: false });
    await insertUser(t.db, { username: 'gone', password: PASSWORD, isAdmin: true, isActive: false });
  });
  afterAll(() => t.close());

  it('signs an admin in with a 30-minute access token and an opaque 7-day refresh token', async () => {
    const res = await login('Alice', PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      token_type: 'bearer',
      expires_in: 1800,
      user: { username: 'Alice', email: 'alice@example.test', is_admin: true, is_root_admin: false },
    });
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const principal = await t.deps.tokens.verify(body.access_token);
    expect(principal).toMatchObject({ id: body.user.id, username: 'Alice', isRootAdmin: false });
    expect(principal?.sessionId).toEqual(expect.any(String));

    const [stored] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, body.user.id));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(body.refresh_token).digest('hex'));
    const days = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const [user] = await t.db
      .select({ lastLogin: users.lastLogin })
      .from(users)
      .where(eq(users.id, body.user.id));
    expect(user?.lastLogin).toBeInstanceOf(Date);
    // Only this sign-in's address: another test here fails a sign-in as alice from its own.
    const attempts = await t.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.username, 'alice'), eq(loginAttempts.ipAddress, '203.0.113.10')));
    expect(attempts.map((a) => a.succeeded)).toEqual([true]);
  });

  it('matches the username case-insensitively and reports the root flag', async () => {
    const res = await login('ROOT', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'root', is_root_admin: true, is_admin: true });
  });

  it('refuses a wrong password and records the failure', async () => {
    const res = await login('alice', 'Wrong-password-1', '198.51.100.7');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: LOGIN_MESSAGES.invalidCredentials });

    const failed = await t.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ipAddress, '198.51.100.7'), eq(loginAttempts.succeeded, false)));
    expect(failed).toHaveLength(1);
    const [event] = await t.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.ipAddress, '198.51.100.7'));
    expect(event).toMatchObject({
      eventType: 'login_failed',
      severity: 'medium',
      userAgent: 'login-test/1.0',
    });
    expect(event?.description).toContain('alice');
  });

  it('answers an unknown username exactly like a wrong password', async () => {
    const res = await login('nobody', PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: LOGIN_MESSAGES.invalidCredentials });
  });

  it('does not let a non-admin in, and does not reveal that the password was right', async () => {
    const res = await login('caller', PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: LOGIN_MESSAGES.invalidCredentials });
  });

  it('tells a deactivated admin with the right password that the account is deactivated', async () => {
    const right = await login('gone', PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ success: false, message: LOGIN_MESSAGES.deactivated });
    const wrong = await login('gone', 'Wrong-password-1');
    expect(wrong.statusCode).toBe(401);
  });

  it('names the missing field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'alice' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('password');
  });
});
