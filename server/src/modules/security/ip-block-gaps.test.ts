import { SECURITY_MESSAGES } from '@switchboard/contract/security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const PASSWORD = 'Str0ng!pass';
const ADMIN_ADDRESS = '203.0.113.50';

/** Attack review #46, finding 7: the last gaps in IP blocks. */
describe('IP blocks', () => {
  let t: TestApp;
  let adminAuth: { authorization: string };
  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    from = ADMIN_ADDRESS,
  ) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: adminAuth,
      payload,
      remoteAddress: from,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const signIn = (from: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: from,
      payload: { username: 'root', password: PASSWORD },
    });

  beforeAll(async () => {
    t = await createTestApp();
    await insertUser(t.db, { username: 'root', isRootAdmin: true, password: PASSWORD });
    adminAuth = await t.authHeader(await insertUser(t.db, { username: 'careless', isAdmin: true }));
  });
  afterAll(() => t.close());

  it('stores an IPv4-mapped address as its IPv4 address, so the block matches the client', async () => {
    const made = await call('POST', '/security/block-ip', { ip: '::ffff:192.0.2.77', reason: 'test' });
    expect(made.status).toBe(201);
    expect(made.body.data.ip_address).toBe('192.0.2.77');
    expect(await call('GET', '/security/blocked-ips', undefined, '192.0.2.77')).toMatchObject({
      status: 403,
      body: { message: SECURITY_MESSAGES.refused },
    });
    expect((await call('POST', '/security/unblock-ip', { ip: '::ffff:192.0.2.77' })).status).toBe(200);

    const range = await call('POST', '/security/block-ip', { ip: '::ffff:192.0.2.0/120', reason: 'test' });
    expect(range.body.data.ip_address).toBe('192.0.2.0/24');
    expect((await call('POST', '/security/unblock-ip', { ip: '192.0.2.0/24' })).status).toBe(200);
  });

  it("refuses a block of any address of root's live sessions, not only the last sign-in", async () => {
    expect((await signIn('127.0.0.1')).statusCode).toBe(200);
    expect((await signIn('198.51.100.7')).statusCode).toBe(200);
    for (const ip of ['127.0.0.1', '::ffff:127.0.0.1', '198.51.100.7']) {
      expect(await call('POST', '/security/block-ip', { ip, reason: 'test' })).toMatchObject({
        status: 403,
        body: { message: SECURITY_MESSAGES.coversRootAdmin },
      });
    }
    expect((await call('GET', '/security/blocked-ips')).body.data.blocked_ips).toEqual([]);
  });

  it("refuses a block of the requester's own address in either form", async () => {
    for (const ip of [ADMIN_ADDRESS, `::ffff:${ADMIN_ADDRESS}`]) {
      for (const from of [ADMIN_ADDRESS, `::ffff:${ADMIN_ADDRESS}`]) {
        expect(await call('POST', '/security/block-ip', { ip, reason: 'test' }, from)).toMatchObject({
          status: 400,
          body: { message: SECURITY_MESSAGES.ownAddress },
        });
      }
    }
  });
});
