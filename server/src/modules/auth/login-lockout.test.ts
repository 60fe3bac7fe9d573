import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../../db/schema/auth.ts';
import { securityEvents } from '../../db/schema/security.ts';
import { settings } from '../../db/schema/system.ts';
import { auditRows } from '../../testing/audit-rows.ts';
import { settingsRowsChanged } from '../../testing/stored-settings.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { MAX_FAILURES_PER_IP } from './login-attempts.repository.ts';

const PASSWORD = 'Correct-horse-1';
const WRONG = 'Wrong-password-1';

describe('sign-in lockout', () => {
  let t: TestApp;
  const login = (username: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password },
      remoteAddress: ip,
    });
  const failTimes = async (n: number, username: string, ip: string) => {
    for (let i = 0; i < n; i++) expect((await login(username, WRONG, ip)).statusCode).toBe(401);
  };
  /** Failed attempts written straight into the table, `minutesAgo` in the past. */
  const backdatedFailures = (n: number, username: (i: number) => string, ip: string, minutesAgo: number) =>
    t.db.insert(loginAttempts).values(
      Array.from({ length: n }, (_, i) => ({
        username: username(i),
        ipAddress: ip,
        succeeded: false,
        createdAt: sql`now() - make_interval(mins => ${minutesAgo})`,
      })),
    );
  const lockoutEvents = (ip: string) =>
    t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.ipAddress, ip), eq(securityEvents.eventType, 'rate_limit_exceeded')));

  beforeAll(async () => {
    t = await createTestApp();
    for (const username of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank']) {
      await insertUser(t.db, { username, password: PASSWORD, isAdmin: true });
    }
  });
  afterAll(() => t.close());

  it('after 5 failures refuses even the right password with 429 and Retry-After, without touching the other IPs', async () => {
    const ip = '192.0.2.1';
    await failTimes(5, 'alice', ip);
    const locked = await login('alice', PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    // The message says how long, as Retry-After does: the user knows when to come back.
    expect(locked.json()).toEqual({
      success: false,
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);

    const events = await lockoutEvents(ip);
    expect(events).toHaveLength(1);
    expect(events[0]?.description).toContain('alice');
    // The refused attempt did not check the password, so it is not counted either.
    const rows = await t.db.select().from(loginAttempts).where(eq(loginAttempts.ipAddress, ip));
    expect(rows).toHaveLength(5);

    expect((await login('alice', PASSWORD, '192.0.2.2')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one source, so rotating addresses inside it does not help', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await login('frank', WRONG, `2001:db8:7::${i}`)).statusCode).toBe(401);
    expect((await login('frank', PASSWORD, '2001:db8:7::99')).statusCode).toBe(429);
    expect((await login('frank', PASSWORD, '2001:db8:8::1')).statusCode).toBe(200);
  });

  it('starts counting again after a successful sign-in', async () => {
    const ip = '192.0.2.3';
    await failTimes(4, 'bob', ip);
    expect((await login('bob', PASSWORD, ip)).statusCode).toBe(200);
    await failTimes(5, 'bob', ip);
    expect((await login('bob', PASSWORD, ip)).statusCode).toBe(429);
  });

  it('waits until the oldest counted failure leaves the 15-minute window', async () => {
    const ip = '192.0.2.4';
    await backdatedFailures(5, () => 'carol', ip, 10);
    const locked = await login('carol', PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(290);
    expect(retryAfter).toBeLessThanOrEqual(300);
  });

  it('forgets failures older than 15 minutes', async () => {
    const ip = '192.0.2.5';
    await backdatedFailures(5, () => 'dave', ip, 16);
    expect((await login('dave', PASSWORD, ip)).statusCode).toBe(200);
  });

  it('stops password spraying: 50 failures from one IP lock every username from it', async () => {
    const ip = '192.0.2.6';
    await backdatedFailures(MAX_FAILURES_PER_IP, (i) => `sprayed-${i}`, ip, 1);
    const res = await login('erin', PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    expect((await login('erin', PASSWORD, '192.0.2.7')).statusCode).toBe(200);
  });

  it('cannot be outrun by parallel guesses', async () => {
    const ip = '192.0.2.8';
    const results = await Promise.all(Array.from({ length: 12 }, () => login('frank', WRONG, ip)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });

  it('uses max_login_attempts from the security settings', async () => {
    await settingsRowsChanged(
      t.db,
      t.db.insert(settings).values({ key: 'security', value: { max_login_attempts: 2 } }),
    );
    try {
      const ip = '192.0.2.9';
      await failTimes(2, 'alice', ip);
      expect((await login('alice', PASSWORD, ip)).statusCode).toBe(429);
    } finally {
      await settingsRowsChanged(t.db, t.db.delete(settings).where(eq(settings.key, 'security')));
    }
  });

  it('lets root unlock a locked account at once, from every address, with an audit row; another admin may not', async () => {
    const gina = await insertUser(t.db, { username: 'gina', password: PASSWORD, isAdmin: true });
    const root = await insertUser(t.db, { username: 'unlocker', isRootAdmin: true });
    const admin = await insertUser(t.db, { username: 'helper', isAdmin: true });
    const ip = '192.0.2.40';
    await failTimes(5, 'gina', ip);
    expect((await login('gina', PASSWORD, ip)).statusCode).toBe(429);

    const unlock = async (who: typeof root) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${gina.id}/sign-in/unlock`,
        headers: await t.authHeader(who),
      });
    expect((await unlock(admin)).statusCode).toBe(403);
    expect((await login('gina', PASSWORD, ip)).statusCode).toBe(429);

    const done = await unlock(root);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Sign-in unlocked: 5 failed attempts cleared');
    const audit = (await auditRows(t.db, gina.id)).filter((row) => row.action === 'user.sign_in_unlocked');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(root.id);
    expect((await login('gina', PASSWORD, ip)).statusCode).toBe(200);
  });
});
