import { SECURITY_MESSAGES } from '@switchboard/contract/security';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';

const PROXY = '10.0.0.5';
const ADMIN_IP = '198.51.100.10';

/**
 * Issue #27 finding 8: a server listening on an IPv6 socket (HOST '::' or '::ffff:127.0.0.1') sees
 * IPv4 clients as '::ffff:a.b.c.d'; a proxy may forward that form too, or garbage. Blocks must hold.
 */
describe('IP blocks whatever form the client address arrives in', { timeout: 120_000 }, () => {
  let t: TestApp | undefined;
  let auth: { authorization: string };
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const start = async (trustProxy: Config['trustProxy'], block: string) => {
    t = await createTestApp({ trustProxy });
    auth = await t.authHeader(await insertUser(t.db, { username: 'sec-admin', isAdmin: true }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/block-ip',
      headers: auth,
      remoteAddress: ADMIN_IP,
      payload: { ip: block, reason: 'abuse' },
    });
    expect(res.statusCode).toBe(201);
    return t;
  };
  const status = (app: TestApp, remoteAddress: string, forwardedFor?: string) =>
    app.app
      .inject({
        method: 'GET',
        url: '/api/v1/admin_root_admin/status',
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      })
      .then((res) => res.statusCode);

  it('refuses an IPv4-mapped IPv6 peer covered by an IPv4 block', async () => {
    const app = await start(false, '203.0.113.201');
    expect(await status(app, '::ffff:203.0.113.201')).toBe(403);
    expect(await status(app, '203.0.113.201')).toBe(403);
    expect(await status(app, '::ffff:203.0.113.202')).toBe(200);
  });

  it('refuses an IPv4-mapped address forwarded by a trusted proxy', async () => {
    const app = await start([PROXY], '203.0.113.201');
    expect(await status(app, PROXY, '::ffff:203.0.113.201')).toBe(403);
    expect(await status(app, `::ffff:${PROXY}`, '203.0.113.201')).toBe(403);
    expect(await status(app, PROXY, '203.0.113.202')).toBe(200);
  });

  it('takes an unparseable forwarded address as the proxy itself, so a block on the proxy holds', async () => {
    const app = await start(1, PROXY);
    expect(await status(app, PROXY, 'not-an-ip')).toBe(403);
    expect(await status(app, PROXY, '203.0.113.9, ::ffff:zz')).toBe(403);
    expect(await status(app, PROXY, '203.0.113.9')).toBe(200);
  });

  it("refuses to block the admin's own address when the admin arrives IPv4-mapped", async () => {
    const app = await start(false, '192.0.2.1');
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/v1/security/block-ip',
      headers: auth,
      remoteAddress: '::ffff:203.0.113.7',
      payload: { ip: '203.0.113.0/24', reason: 'mine' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SECURITY_MESSAGES.ownAddress);
  });
});
