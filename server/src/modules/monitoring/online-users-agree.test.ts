import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connected } from '../../testing/socket-connected.ts';
import { type SocketTestServer, startSocketTestServer } from '../../testing/socket-test-server.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

/** Online Users means app users with a live connection, on the dashboard, the Monitor and /metrics alike. */
describe('online users agree everywhere', () => {
  let t: TestApp;
  let server: SocketTestServer;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    server = await startSocketTestServer(t, { appNamespace: true, monitoring: t.app.monitoring });
    admin = await t.authHeader(await insertUser(t.db, { username: 'online-admin', isAdmin: true }));
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: admin });
  /** Online Users as the dashboard, the Monitor and a Prometheus scrape each show it. */
  async function figures() {
    const [dashboard, monitor, scrape] = await Promise.all([
      get('/admin/dashboard'),
      get('/monitoring/metrics'),
      t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' }),
    ]);
    const gauge = (name: string) => scrape.body.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1];
    return {
      dashboard: dashboard.json().data.overview.active_users as number,
      monitor: monitor.json().data.onlineUsers as number,
      metrics: Number(gauge('switchboard_online_users')),
      appSockets: Number(gauge('switchboard_socket_connections\\{namespace="app"\\}')),
    };
  }

  it('counts each connected app user once, whatever their sockets, and drops a user who leaves', async () => {
    const alice = await server.appUser('online-alice', 0);
    const bob = await server.appUser('online-bob', 0);
    // Alice on a second device: still one user.
    const token = (await t.appAuthHeader(alice.user)).authorization.slice(7);
    const second = server.connect('/app', { auth: { token } });
    await connected(second);

    await vi.waitFor(async () => expect((await figures()).dashboard).toBe(2), { timeout: 10_000 });
    expect(await figures()).toEqual({ dashboard: 2, monitor: 2, metrics: 2, appSockets: 3 });

    bob.socket.close();
    await vi.waitFor(async () => expect((await figures()).dashboard).toBe(1), { timeout: 10_000 });
    expect(await figures()).toEqual({ dashboard: 1, monitor: 1, metrics: 1, appSockets: 2 });
  });
});
