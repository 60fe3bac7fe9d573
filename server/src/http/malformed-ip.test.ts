import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../db/schema/security.ts';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';

describe('a forwarded address that is not an address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1 });
    await insertUser(t.db, { username: 'alice', password: 'Correct-horse-1', isAdmin: true });
  });
  afterAll(() => t.close());

  it("is taken as the proxy's own address: the request is answered and recorded under it, never a 500", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': 'not-an-ip' },
      payload: { username: 'alice', password: 'Wrong-password-1' },
    });
    expect(res.statusCode).toBe(401);
    const events = await t.db.select({ ip: securityEvents.ipAddress }).from(securityEvents);
    expect(events.map((e) => e.ip)).toEqual(['10.0.0.5']);
  });
});
