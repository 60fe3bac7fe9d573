import { CLIENT_ERROR_REPORTS_PER_MINUTE } from '@switchboard/contract/client-errors';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';

const PASSWORD = 'Correct-horse-1';
const PROXY = '10.0.0.5';

/**
 * The lockout and the rate limits count by the client's address. X-Forwarded-For names that address
 * only when the request comes through a proxy TRUST_PROXY trusts; otherwise anyone could pick a fresh
 * address per guess and never be locked out.
 */
describe('the client address behind the lockout and the rate limits', { timeout: 120_000 }, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const start = async (trustProxy: Config['trustProxy']) => {
    t = await createTestApp({ trustProxy });
    await insertUser(t.db, { username: 'alice', password: PASSWORD, isAdmin: true });
    return t;
  };
  const login = (app: TestApp, password: string, forwardedFor: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'alice', password },
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': forwardedFor },
    });
  const report = (app: TestApp, forwardedFor: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/admin/errors',
      payload: { message: 'm', timestamp: 't', userAgent: 'u', url: '/x' },
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('ignores X-Forwarded-For by default: a new forged address per guess is still locked out', async () => {
    const app = await start(false);
    for (let i = 0; i < 5; i++)
      expect((await login(app, 'Wrong-password-1', `198.51.100.${i}`)).statusCode).toBe(401);
    expect((await login(app, PASSWORD, '198.51.100.99')).statusCode).toBe(429);
  });

  it('honours X-Forwarded-For from a trusted proxy: clients behind it are counted apart', async () => {
    const app = await start([PROXY]);
    for (let i = 0; i < 5; i++)
      expect((await login(app, 'Wrong-password-1', '198.51.100.1')).statusCode).toBe(401);
    expect((await login(app, PASSWORD, '198.51.100.1')).statusCode).toBe(429);
    expect((await login(app, PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });

  it('does not trust a proxy it was not told about', async () => {
    const app = await start(['10.9.9.9']);
    for (let i = 0; i < 5; i++)
      expect((await login(app, 'Wrong-password-1', `198.51.100.${i}`)).statusCode).toBe(401);
    expect((await login(app, PASSWORD, '198.51.100.99')).statusCode).toBe(429);
  });

  it('rate-limits crash reports by the real address when the proxy is not trusted', async () => {
    const app = await start(false);
    for (let i = 0; i < CLIENT_ERROR_REPORTS_PER_MINUTE; i++) await report(app, `198.51.100.${i}`);
    expect((await report(app, '198.51.100.250')).statusCode).toBe(429);
  });

  it('rate-limits crash reports per forwarded client behind a trusted proxy', async () => {
    const app = await start([PROXY]);
    for (let i = 0; i < CLIENT_ERROR_REPORTS_PER_MINUTE; i++) await report(app, '198.51.100.1');
    expect((await report(app, '198.51.100.1')).statusCode).toBe(429);
    expect((await report(app, '198.51.100.2')).statusCode).not.toBe(429);
  });
});
