import { SETTINGS_MESSAGES } from '@switchboard/contract/settings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../db/schema/security.ts';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';
import { UNAUTHENTICATED_REQUESTS_PER_MINUTE } from './auth-guard.ts';

const ATTACKER = '203.0.113.66';

/** Issue #27 finding 9: requests without a valid token were never limited, and each one wrote a row. */
describe('requests without a valid token', { timeout: 180_000 }, () => {
  let t: TestApp;
  let auth: { authorization: string };
  const anonymous = (remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/public/users',
      remoteAddress,
      headers: { authorization: 'Bearer not-a-jwt' },
    });
  const eventRows = async () =>
    (await t.db.select().from(securityEvents).where(eq(securityEvents.ipAddress, ATTACKER))).map(
      (e) => `${e.eventType}x${e.occurrences ?? 1}`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader(await insertUser(t.db, { username: 'boss', isAdmin: true }));
  });
  afterAll(() => t.close());

  it('are refused with a 429 and Retry-After past the per-address budget, and stop writing security events', async () => {
    for (let i = 0; i < UNAUTHENTICATED_REQUESTS_PER_MINUTE; i++)
      expect((await anonymous(ATTACKER)).statusCode).toBe(401);
    const limited = await anonymous(ATTACKER);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: SETTINGS_MESSAGES.rateLimited });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const after = await eventRows();
    for (let i = 0; i < 20; i++) expect((await anonymous(ATTACKER)).statusCode).toBe(429);
    expect(await eventRows()).toEqual(after);
  });

  it('leave other addresses and signed-in admins at the same address alone', async () => {
    expect((await anonymous('203.0.113.67')).statusCode).toBe(401);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/public/users',
      remoteAddress: ATTACKER,
      headers: auth,
    });
    expect(signedIn.statusCode).toBe(200);
  });
});

/**
 * Finding 8's last part: behind a trusted proxy, a malformed last-hop forwarded address skipped the
 * anonymous limit (130 of 130 answered). It is the proxy's own address now, and limited as such.
 */
describe('requests without a valid token, forwarded with a malformed address', { timeout: 180_000 }, () => {
  let t: TestApp;
  const PROXY = '198.51.100.9';
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1 });
  });
  afterAll(() => t.close());

  it('are counted against the proxy and refused past its budget', async () => {
    const forwarded = (hop: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/public/users',
        remoteAddress: PROXY,
        headers: { authorization: 'Bearer not-a-jwt', 'x-forwarded-for': hop },
      });
    const hops = ['not-an-ip', '999.1.1.1', '::ffff:zz', ''];
    const statuses: number[] = [];
    for (let i = 0; i <= UNAUTHENTICATED_REQUESTS_PER_MINUTE; i++)
      statuses.push((await forwarded(hops[i % hops.length] as string)).statusCode);
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
