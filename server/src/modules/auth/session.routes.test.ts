import { LOGIN_MESSAGES } from '@switchboard/contract/auth';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/auth.ts';
import { securityEvents } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { hashRefreshToken } from './refresh-token.ts';

const PASSWORD = 'Correct-horse-1';

describe('refresh-token and logout', () => {
  let t: TestApp;
  let userId: string;
  const signIn = async (username = 'alice') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { access_token: string; refresh_token: string };
  };
  // Like the web client: a JSON content type, no body, the token in a header.
  const refresh = (token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      headers: { 'content-type': 'application/json', ...(token ? { 'refresh-token': token } : {}) },
    });
  const logout = (token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: token ? { 'refresh-token': token } : {},
    });
  const expectRefused = async (token: string | undefined) => {
    const res = await refresh(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: LOGIN_MESSAGES.invalidRefreshToken });
  };

  beforeAll(async () => {
    t = await createTestApp();
    userId = (await insertUser(t.db, { username: 'alice', password: PASSWORD, isAdmin: true })).id;
    await insertUser(t.db, { username: 'bob', password: PASSWORD, isAdmin: true });
  });
  afterAll(() => t.close());

  it('rotates: a refresh gives a new access and refresh token, and the new one refreshes again', async () => {
    const first = await signIn();
    const res = await refresh(first.refresh_token);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second).toMatchObject({
      success: true,
      token_type: 'bearer',
      expires_in: 1800,
      user: { username: 'alice' },
    });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await t.deps.tokens.verify(second.access_token)).toMatchObject({ id: userId });

    const rows = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(first.refresh_token)));
    expect(rows[0]?.usedAt).toBeInstanceOf(Date);
    const [next] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(second.refresh_token)));
    expect(next?.familyId).toBe(rows[0]?.familyId);

    const body = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      headers: { 'refresh-token': second.refresh_token },
      payload: {},
    });
    expect(body.statusCode).toBe(200);
  });

  const listUsers = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/public/users',
      headers: { authorization: `Bearer ${accessToken}` },
    });
  /** Moves the token's use back in time, out of the concurrent-refresh grace window. */
  const usedLongAgo = (token: string) =>
    t.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '11 seconds'` })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));

  it('treats a token replayed after the grace window as stolen: the family and its access tokens die, and it is recorded', async () => {
    const first = await signIn();
    const second = (await refresh(first.refresh_token)).json();
    expect((await listUsers(second.access_token)).statusCode).toBe(200);
    await usedLongAgo(first.refresh_token);
    await expectRefused(first.refresh_token);
    await expectRefused(second.refresh_token);
    expect((await listUsers(second.access_token)).statusCode).toBe(401);
    expect((await listUsers(first.access_token)).statusCode).toBe(401);

    const events = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.eventType, 'suspicious_activity'), eq(securityEvents.userId, userId)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ severity: 'high', userId, username: 'alice' });
  });

  it('gives two tabs refreshing with the same token at once the same successor, and keeps the session', async () => {
    const { refresh_token } = await signIn('bob');
    const results = await Promise.all([refresh(refresh_token), refresh(refresh_token)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = results.map((r) => r.json());
    expect(a.refresh_token).toBe(b.refresh_token);
    expect((await listUsers(a.access_token)).statusCode).toBe(200);
    expect((await listUsers(b.access_token)).statusCode).toBe(200);
    expect((await refresh(a.refresh_token)).statusCode).toBe(200);
  });

  it('gives a token presented again within the grace window its successor, with no security event', async () => {
    const first = await signIn('bob');
    const second = (await refresh(first.refresh_token)).json();
    const again = await refresh(first.refresh_token);
    expect(again.statusCode).toBe(200);
    expect(again.json().refresh_token).toBe(second.refresh_token);
    const events = await t.db.select().from(securityEvents).where(eq(securityEvents.username, 'bob'));
    expect(events).toHaveLength(0);
  });

  it('logout ends the session: its access tokens stop working at once', async () => {
    const first = await signIn();
    const other = await signIn();
    expect((await listUsers(first.access_token)).statusCode).toBe(200);
    await logout(first.refresh_token);
    expect((await listUsers(first.access_token)).statusCode).toBe(401);
    // Another session of the same admin stays signed in.
    expect((await listUsers(other.access_token)).statusCode).toBe(200);
  });

  it('demotion ends the session: promoting the admin again does not revive the old token', async () => {
    const { access_token, refresh_token } = await signIn();
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.id, userId));
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
    expect((await listUsers(access_token)).statusCode).toBe(401);
    await expectRefused(refresh_token);
  });

  it('deactivation ends the session: reactivating does not revive the old token', async () => {
    const { access_token } = await signIn();
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, userId));
    await t.db.update(users).set({ isActive: true }).where(eq(users.id, userId));
    expect((await listUsers(access_token)).statusCode).toBe(401);
  });

  it('refuses a missing, unknown or expired token', async () => {
    await expectRefused(undefined);
    await expectRefused('not-a-token');
    const { refresh_token } = await signIn();
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(refresh_token)));
    await expectRefused(refresh_token);
  });

  it('refuses to refresh once the admin is deactivated', async () => {
    const { refresh_token } = await signIn();
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, userId));
    try {
      await expectRefused(refresh_token);
    } finally {
      await t.db.update(users).set({ isActive: true }).where(eq(users.id, userId));
    }
  });

  it('logout revokes the refresh token', async () => {
    const first = await signIn();
    const second = (await refresh(first.refresh_token)).json();
    const res = await logout(first.refresh_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out' });
    await expectRefused(second.refresh_token);
  });

  it('logout answers 200 for an unknown or missing token', async () => {
    expect((await logout('not-a-token')).json()).toEqual({ success: true, message: 'Logged out' });
    expect((await logout()).statusCode).toBe(200);
  });
});
