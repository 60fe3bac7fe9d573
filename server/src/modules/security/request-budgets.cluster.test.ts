import { ACCOUNT_MESSAGES, APP_LIMITS } from '@switchboard/contract/account';
import { SETTINGS_DEFAULTS, SETTINGS_MESSAGES } from '@switchboard/contract/settings';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../config.ts';
import { startRedis, until } from '../../testing/fault-harness.ts';
import { freePorts } from '../../testing/free-port.ts';
import { secondInstance } from '../../testing/socket-test-server.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const redisUrl = testRedisUrl();
// Addresses of this file alone: the shared Redis may hold other files' budgets meanwhile.
const run = Math.floor(Math.random() * 200) + 20;
const address = (n: number) => `10.${run}.${Math.floor(n / 250)}.${(n % 250) + 1}`;

type Request = InjectOptions;

const at = (apps: TestApp[], i: number): TestApp => {
  const t = apps[i];
  if (!t) throw new Error('the instances did not start');
  return t;
};

/** Sends the request n times, to the two instances in turn; the status codes in order. */
async function alternate(apps: TestApp[], n: number, request: (i: number) => Request): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const app = at(apps, i % apps.length);
    codes.push((await app.app.inject(request(i))).statusCode);
  }
  return codes;
}

describe.skipIf(!redisUrl)('request budgets across two instances sharing REDIS_URL', () => {
  const apps: TestApp[] = [];
  beforeAll(async () => {
    const first = await createTestApp({ redisUrl });
    apps.push(first, await secondInstance(first));
  });
  afterAll(async () => {
    await apps[1]?.close();
    await apps[0]?.close();
  });

  it("an app user's 100 requests a minute are one budget: spent half on each instance, both refuse the next", async () => {
    const user = await insertUser(at(apps, 0).db, { username: 'budget-app-user', isAdmin: false });
    const headers = await at(apps, 0).appAuthHeader(user);
    // Each from another address, so that only the user's own budget is counted down.
    const me = (i: number): Request => ({
      method: 'GET',
      url: '/api/v1/users/me',
      headers,
      remoteAddress: address(i),
    });
    const codes = await alternate(apps, APP_LIMITS.apiRequestsPerMinute, me);
    expect(codes.every((code) => code === 200)).toBe(true);
    for (const [i, t] of apps.entries()) {
      const refused = await t.app.inject(me(1000 + i));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(ACCOUNT_MESSAGES.tooManyRequests);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another user still has the whole budget, on either instance.
    const other = await at(apps, 1).appAuthHeader(
      await insertUser(at(apps, 0).db, { username: 'budget-app-user-2', isAdmin: false }),
    );
    expect((await at(apps, 1).app.inject({ ...me(1100), headers: other })).statusCode).toBe(200);
  });

  it("an anonymous address's budget is one across the instances", async () => {
    const ip = address(2000);
    const probe = (): Request => ({ method: 'GET', url: '/api/v1/no-such-route', remoteAddress: ip });
    const max = SETTINGS_DEFAULTS.api.rate_limit_requests;
    const codes = await alternate(apps, max, probe);
    expect(codes.every((code) => code === 404)).toBe(true);
    for (const t of apps) {
      const refused = await t.app.inject(probe());
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(SETTINGS_MESSAGES.rateLimited);
    }
    // Another address is untouched.
    expect((await at(apps, 1).app.inject({ ...probe(), remoteAddress: address(2001) })).statusCode).toBe(404);
  });

  it("an admin's budget, lowered on one instance, is one budget across both", async () => {
    const admin = await insertUser(at(apps, 0).db, { username: 'budget-admin', isRootAdmin: true });
    const headers = await at(apps, 0).authHeader(admin);
    const ip = address(3000);
    const save = await at(apps, 0).app.inject({
      method: 'PUT',
      url: '/api/v1/security/settings',
      headers,
      payload: { admin_requests_per_minute: 30 },
      remoteAddress: ip,
    });
    expect(save.statusCode).toBe(200);
    const stats = (): Request => ({
      method: 'GET',
      url: '/api/v1/security/stats',
      headers,
      remoteAddress: ip,
    });
    // The other instance reads the saved settings within two seconds (no socket server here).
    await until(
      async () => (await at(apps, 1).app.inject(stats())).headers['x-ratelimit-limit'] === '30',
      5000,
    );
    const codes: number[] = [];
    for (let i = 0; i < 40 && !codes.includes(429); i += 1)
      codes.push((await at(apps, i % 2).app.inject(stats())).statusCode);
    // The save and the requests made on both instances count against the same 30.
    expect(codes.filter((code) => code === 200).length).toBeLessThan(30);
    expect(codes.at(-1)).toBe(429);
    expect((await at(apps, 0).app.inject(stats())).statusCode).toBe(429);
    expect((await at(apps, 1).app.inject(stats())).statusCode).toBe(429);
  });
});

describe('request budgets while Redis is down', () => {
  let port = 0;
  let redis: ReturnType<typeof startRedis> | undefined;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    [port] = (await freePorts(1)) as [number];
    redis = startRedis(port);
    await redis.ready;
    const first = await createTestApp({ redisUrl: `redis://127.0.0.1:${port}` });
    apps.push(first, await secondInstance(first));
  });
  afterAll(async () => {
    await apps[1]?.close();
    await apps[0]?.close();
    await redis?.stop();
  });

  it('keep answering, counted per instance, and are shared again when Redis returns', async () => {
    const probe = (ip: string): Request => ({
      method: 'GET',
      url: '/api/v1/no-such-route',
      remoteAddress: ip,
    });
    const max = SETTINGS_DEFAULTS.api.rate_limit_requests;
    await redis?.stop();
    // Down: nothing fails, and each instance still holds the address to the budget on its own.
    const ip = '192.0.2.7';
    expect(new Set(await alternate(apps, 2 * max, () => probe(ip)))).toEqual(new Set([404]));
    for (const t of apps) expect((await t.app.inject(probe(ip))).statusCode).toBe(429);

    redis = startRedis(port);
    await redis.ready;
    // Back: one budget again, whichever instance counts it (each try from a fresh address).
    let n = 0;
    await until(async () => {
      const fresh = `192.0.2.${100 + n++}`;
      await at(apps, 0).app.inject(probe(fresh));
      const res = await at(apps, 1).app.inject(probe(fresh));
      return res.headers['x-ratelimit-remaining'] === String(max - 2);
    }, 15_000);
  });
});
