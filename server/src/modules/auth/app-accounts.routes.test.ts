import { LOGIN_MESSAGES, type TokenResponse } from '@switchboard/contract/auth';
import { SETTINGS_DEFAULTS } from '@switchboard/contract/settings';
import { PASSWORD_RULES } from '@switchboard/contract/user-create';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinTransactions } from '../../db/schema/coins.ts';
import { userReports } from '../../db/schema/reports.ts';
import { securityEvents } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const PASSWORD = 'Calling-app-1';

describe('calling-app accounts', () => {
  let t: TestApp;
  let ipCounter = 0;
  /** Each sign-in from its own address, so the per-network sign-in budget never decides a test. */
  const nextIp = () => `198.51.100.${++ipCounter}`;
  const register = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload, remoteAddress: nextIp() });
  const appLogin = (username: string, password: string, remoteAddress = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/app/login',
      payload: { username, password },
      remoteAddress,
    });
  const consoleLogin = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password },
      remoteAddress: nextIp(),
    });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } });
  const refresh = (refreshToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      headers: { 'refresh-token': refreshToken },
    });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('registers an app user and signs them in with an app session at once', async () => {
    const res = await register({ username: 'ringo', email: 'Ringo@Example.test', password: PASSWORD });
    expect(res.statusCode).toBe(201);
    const body = res.json() as TokenResponse;
    expect(body.user).toMatchObject({ username: 'ringo', email: 'ringo@example.test', is_admin: false });
    const profile = await me(body.access_token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ username: 'ringo', is_admin: false });
  });

  it('welcomes a new account with the coins the setting names, as a ledger entry with the reason welcome', async () => {
    const unwelcomed = (
      await register({ username: 'no-gift', email: 'nogift@example.test', password: PASSWORD })
    ).json() as TokenResponse;
    expect(
      await t.db.select().from(coinTransactions).where(eq(coinTransactions.userId, unwelcomed.user.id)),
    ).toEqual([]);

    const root = await insertUser(t.db, { username: 'welcome-root', isRootAdmin: true });
    const next = structuredClone(SETTINGS_DEFAULTS);
    next.calling.welcome_coins = 100;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: await t.authHeader(root),
      payload: next,
    });
    expect(saved.statusCode).toBe(200);
    const welcomed = (
      await register({ username: 'gifted', email: 'gifted@example.test', password: PASSWORD })
    ).json() as TokenResponse;
    const balance = await t.app.inject({
      method: 'GET',
      url: '/api/v1/coins/balance',
      headers: { authorization: `Bearer ${welcomed.access_token}` },
    });
    expect(balance.json().data.balance).toBe(100);
    const entries = await t.db
      .select()
      .from(coinTransactions)
      .where(eq(coinTransactions.userId, welcomed.user.id));
    expect(entries).toMatchObject([{ amount: 100, transactionType: 'bonus', referenceType: 'welcome' }]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: await t.authHeader(root),
      payload: SETTINGS_DEFAULTS,
    });
  });

  it('refuses a weak password, a password under the live minimum and a taken name, creating nothing', async () => {
    const weak = await register({
      username: 'weakling',
      email: 'weak@example.test',
      password: 'alllowercase1',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toContainEqual({ field: 'password', message: PASSWORD_RULES.weak });

    const root = await insertUser(t.db, { username: 'settings-root', isRootAdmin: true });
    const saveMinLength = async (min: number) => {
      const next = structuredClone(SETTINGS_DEFAULTS);
      next.security.password_min_length = min;
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings',
        headers: await t.authHeader(root),
        payload: next,
      });
      expect(res.statusCode).toBe(200);
    };
    await saveMinLength(14);
    try {
      const short = await register({ username: 'shorty', email: 'shorty@example.test', password: PASSWORD });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('Password must be at least 14 characters');
    } finally {
      await saveMinLength(8);
    }

    await insertUser(t.db, { username: 'taken-name' });
    const taken = await register({ username: 'Taken-Name', email: 'other@example.test', password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    const created = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'other@example.test'));
    expect(created).toEqual([]);
    const weakRows = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'weakling'));
    expect(weakRows).toEqual([]);
  });

  it("signs an app user in through the app's endpoint, never through the console's", async () => {
    await insertUser(t.db, { username: 'paula', password: PASSWORD });
    const console = await consoleLogin('paula', PASSWORD);
    expect(console.statusCode).toBe(401);
    expect(console.json().message).toBe(LOGIN_MESSAGES.invalidCredentials);

    const app = await appLogin('paula', PASSWORD);
    expect(app.statusCode).toBe(200);
    expect((await me((app.json() as TokenResponse).access_token)).statusCode).toBe(200);
    expect((await appLogin('paula', 'Wrong-password-1')).statusCode).toBe(401);
  });

  it('locks app sign-in out after the settings’ failures, like the console', async () => {
    await insertUser(t.db, { username: 'locked-out', password: PASSWORD });
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i++)
      expect((await appLogin('locked-out', 'Wrong-password-1', ip)).statusCode).toBe(401);
    const locked = await appLogin('locked-out', PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('refreshes and logs out an app session; after logout the access token stops working', async () => {
    await insertUser(t.db, { username: 'rotator', password: PASSWORD });
    const first = (await appLogin('rotator', PASSWORD)).json() as TokenResponse;
    const rotated = await refresh(first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json() as TokenResponse;
    expect((await me(second.access_token)).statusCode).toBe(200);
    // The refreshed token is still an app token.
    const adminRoute = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/public/users',
      headers: { authorization: `Bearer ${second.access_token}` },
    });
    expect(adminRoute.statusCode).toBe(403);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'refresh-token': second.refresh_token },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(second.access_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
  });

  it("answers an app token on an admin route with 403 and records a security event, even an admin's", async () => {
    await insertUser(t.db, { username: 'appadmin', password: PASSWORD, isAdmin: true });
    const session = (await appLogin('appadmin', PASSWORD, '192.0.2.250')).json() as TokenResponse;
    expect(session.user.is_admin).toBe(true);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${session.access_token}` },
      remoteAddress: '192.0.2.250',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(LOGIN_MESSAGES.appTokenRefused);
    const events = await t.db
      .select({ description: securityEvents.description, username: securityEvents.username })
      .from(securityEvents)
      .where(
        and(eq(securityEvents.eventType, 'unauthorized_access'), eq(securityEvents.ipAddress, '192.0.2.250')),
      );
    expect(events).toHaveLength(1);
    expect(events[0]?.username).toBe('appadmin');
    expect(events[0]?.description).toContain('an app session on an administration route');
    // The console's own sign-in still gives that admin a console session.
    const console = (await consoleLogin('appadmin', PASSWORD)).json() as TokenResponse;
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${console.access_token}` },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it("stops a suspended app user's token at once, and a deleted one's", async () => {
    const root = await insertUser(t.db, { username: 'root-for-suspend', isRootAdmin: true });
    const admin = await t.authHeader(root);
    const reporter = await insertUser(t.db, { username: 'reporter' });
    for (const action of ['suspend', 'delete'] as const) {
      const target = await insertUser(t.db, { username: `${action}-me`, password: PASSWORD });
      const session = (await appLogin(target.username, PASSWORD)).json() as TokenResponse;
      expect((await me(session.access_token)).statusCode).toBe(200);
      let res: Awaited<ReturnType<typeof me>>;
      if (action === 'suspend') {
        const [report] = await t.db
          .insert(userReports)
          .values({ reportType: 'spam', reporterId: reporter.id, reportedUserId: target.id, reason: 'Spam' })
          .returning({ id: userReports.id });
        res = await t.app.inject({
          method: 'POST',
          url: `/api/v1/user-reports/${report?.id}/suspend-user`,
          headers: admin,
        });
      } else {
        res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/users/bulk',
          headers: admin,
          payload: { action: 'delete', user_ids: [target.id] },
        });
      }
      expect(res.statusCode).toBe(200);
      expect((await me(session.access_token)).statusCode).toBe(401);
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    }
  });

  it('ends a deactivated app user’s session at once', async () => {
    await insertUser(t.db, { username: 'deactivee', password: PASSWORD });
    const session = (await appLogin('deactivee', PASSWORD)).json() as TokenResponse;
    expect((await me(session.access_token)).statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, session.user.id));
    t.deps.liveAccess.changed();
    expect((await me(session.access_token)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    const again = await appLogin('deactivee', PASSWORD);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(LOGIN_MESSAGES.deactivated);
  });
});
