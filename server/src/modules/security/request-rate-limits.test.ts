import { LOGIN_MESSAGES } from '@switchboard/contract/auth';
import { SETTINGS_MESSAGES } from '@switchboard/contract/settings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../../db/schema/security.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const PASSWORD = 'Correct-horse-1';

describe('the security policies rate limits', () => {
  let t: TestApp;
  let admin: AdminPrincipal;
  let auth: { authorization: string };
  const savePolicies = async (payload: object, headers = auth) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/security/settings',
      headers,
      payload,
      remoteAddress: '198.51.100.1',
    });
    expect(res.statusCode).toBe(200);
  };
  const rateEvents = (ip: string) =>
    t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.eventType, 'rate_limit_exceeded'), eq(securityEvents.ipAddress, ip)));

  beforeAll(async () => {
    t = await createTestApp();
    // Root: limits below the floors that guard against a lock-out are root's to set (setting-floors.ts).
    admin = await insertUser(t.db, { username: 'rate-admin', password: PASSWORD, isRootAdmin: true });
    auth = await t.authHeader(admin);
  });
  afterAll(() => t.close());

  it('a lowered admin budget is felt on the next request, per admin, with a rate_limit_exceeded event', async () => {
    const ip = '203.0.113.21';
    const list = (headers: { authorization: string }) =>
      t.app.inject({ method: 'GET', url: '/api/v1/security/stats', headers, remoteAddress: ip });
    for (let i = 0; i < 12; i += 1) expect((await list(auth)).statusCode).toBe(200);
    await savePolicies({ admin_requests_per_minute: 10 });
    const refused = await list(auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(SETTINGS_MESSAGES.rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-ratelimit-limit']).toBe('10');
    const events = await rateEvents(ip);
    expect(events).toHaveLength(1);
    expect(events[0]?.severity).toBe('medium');

    // Another admin has a budget of their own; the app API setting does not change it.
    const otherAuth = await t.authHeader(
      await insertUser(t.db, { username: 'rate-admin-2', isRootAdmin: true }),
    );
    expect((await list(otherAuth)).statusCode).toBe(200);

    await savePolicies({ admin_requests_per_minute: 600 }, otherAuth);
    expect((await list(auth)).statusCode).toBe(200);
  });

  it('a lowered sign-in limit refuses the next attempt from that address, even with the right password', async () => {
    const ip = '203.0.113.33';
    await savePolicies({ login_attempts_per_minute: 2 });
    const login = (password: string, from = ip) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'rate-admin', password },
        remoteAddress: from,
      });
    expect((await login(PASSWORD)).statusCode).toBe(200);
    expect((await login(PASSWORD)).statusCode).toBe(200);
    const refused = await login(PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(LOGIN_MESSAGES.tooManyAttempts);
    expect(await rateEvents(ip)).toHaveLength(1);
    // Other addresses are unaffected, and raising the limit lets the address in again at once.
    expect((await login(PASSWORD, '203.0.113.34')).statusCode).toBe(200);
    await savePolicies({ login_attempts_per_minute: 20 });
    expect((await login(PASSWORD)).statusCode).toBe(200);
  });
});
