import { sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../config.ts';
import { userReports } from '../db/schema/reports.ts';
import { LIVE_ACCESS_TTL_MS } from '../modules/auth/live-access.ts';
import {
  type SocketTestServer,
  secondInstance,
  startSocketTestServer,
} from '../testing/socket-test-server.ts';
import { createTestApp, insertUser } from '../testing/test-app.ts';

const redisUrl = testRedisUrl();

/** Two server instances on one database, as behind a load balancer: REDIS_URL joins their sockets. */
describe.skipIf(!redisUrl)('socket.io across instances with REDIS_URL', () => {
  const instances: SocketTestServer[] = [];
  beforeAll(async () => {
    const first = await createTestApp({ redisUrl });
    for (const t of [first, await secondInstance(first)])
      instances.push(await startSocketTestServer(t, { monitoring: t.app.monitoring }));
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await instances[1]?.t.close();
    await instances[0]?.t.close();
  });

  it('delivers an event emitted on one instance to a console connected to the other', async () => {
    const [first, second] = instances;
    if (!first || !second) throw new Error('instances did not start');
    const admin = await insertUser(first.t.db, { username: 'cluster-admin', isAdmin: true });
    const token = (await first.t.authHeader(admin)).authorization.slice(7);
    const socket = connect(second.url, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
    await new Promise<void>((resolve) => socket.once('active_calls', () => resolve()));
    const received = new Promise<number>((resolve) => socket.once('online_users', resolve));
    first.realtime.io.emit('online_users', 4242);
    expect(await received).toBe(4242);
    socket.close();
  });

  it("pushes one instance's metrics and alerts to an admin connected to the other", async () => {
    const [first, second] = instances;
    if (!first || !second) throw new Error('instances did not start');
    const admin = await insertUser(first.t.db, { username: 'cluster-watcher', isAdmin: true });
    const token = (await first.t.authHeader(admin)).authorization.slice(7);
    const socket = connect(second.url, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
    await new Promise<void>((resolve) => socket.once('active_calls', () => resolve()));
    const firstId = first.t.app.monitoring.instanceId;
    const metrics = new Promise<string>((resolve) =>
      socket.on('metrics', (sample) => sample.instance_id === firstId && resolve(sample.instance_id)),
    );
    const alert = new Promise<string>((resolve) =>
      socket.on('alert', (event) => event.rule === 'error_rate' && resolve(event.state)),
    );
    await first.t.app.monitoring.tick();
    expect(await metrics).toBe(firstId);
    // Ten failing requests on the first instance raise its error-rate alert.
    await first.t.db.execute(sql`alter table coin_accounts rename to coin_accounts_gone`);
    for (let i = 0; i < 10; i++)
      await first.t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/public/users',
        headers: { authorization: `Bearer ${token}` },
      });
    await first.t.db.execute(sql`alter table coin_accounts_gone rename to coin_accounts`);
    await first.t.app.monitoring.tick();
    expect(await alert).toBe('raised');
    socket.close();
  });

  it('disconnects a socket on one instance when its session ends on the other', async () => {
    const [first, second] = instances;
    if (!first || !second) throw new Error('instances did not start');
    await insertUser(first.t.db, { username: 'cluster-leaver', isAdmin: true, password: 'Correct-horse-1' });
    const login = await first.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'cluster-leaver', password: 'Correct-horse-1' },
    });
    const { access_token, refresh_token } = login.json();
    const socket = connect(second.url, {
      path: '/socket.io',
      auth: { token: access_token },
      transports: ['websocket'],
    });
    await new Promise<void>((resolve) => socket.once('active_calls', () => resolve()));
    const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    await first.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'refresh-token': refresh_token },
    });
    expect(await gone).toBe('io server disconnect');
    socket.close();
  });

  it('refuses on one instance the token of a session signed out on the other, before its kept answer expires', async () => {
    const [first, second] = instances;
    if (!first || !second) throw new Error('instances did not start');
    await insertUser(first.t.db, { username: 'cluster-signout', isAdmin: true, password: 'Correct-horse-1' });
    const login = await first.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'cluster-signout', password: 'Correct-horse-1' },
    });
    const { access_token, refresh_token } = login.json();
    const usersOnSecond = () =>
      second.t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/public/users?limit=1',
        headers: { authorization: `Bearer ${access_token}` },
      });
    // The second instance now keeps its answer for this session.
    expect((await usersOnSecond()).statusCode).toBe(200);
    const signedOutAt = Date.now();
    await first.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'refresh-token': refresh_token },
    });
    let status = (await usersOnSecond()).statusCode;
    while (status === 200 && Date.now() - signedOutAt < LIVE_ACCESS_TTL_MS / 2) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await usersOnSecond()).statusCode;
    }
    expect(status).toBe(401);
  });

  /** Within this long: the announcement through Redis, not the 5 s recheck plus the 3 s block cache. */
  const PROMPTLY_MS = 2000;
  const goneWithin = (socket: ReturnType<typeof connect>) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`still connected after ${PROMPTLY_MS} ms`)),
        PROMPTLY_MS,
      );
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });

  it('blocking an address on one instance drops its sockets on the other within seconds', async () => {
    const [first, second] = instances;
    if (!first || !second) throw new Error('instances did not start');
    const admin = await insertUser(first.t.db, { username: 'cluster-blocker', isAdmin: true });
    const auth = await first.t.authHeader(admin);
    const socket = connect(second.url, {
      path: '/socket.io',
      auth: { token: auth.authorization.slice(7) },
      transports: ['websocket'],
    });
    await new Promise<void>((resolve) => socket.once('active_calls', () => resolve()));
    // The second instance has just looked the address up and trusts that answer for a few seconds.
    const gone = goneWithin(socket);
    const block = await first.t.app.inject({
      method: 'POST',
      url: '/api/v1/security/block-ip',
      headers: auth,
      remoteAddress: '198.51.100.9',
      payload: { ip: '127.0.0.1', reason: 'cluster test' },
    });
    expect(block.statusCode).toBe(201);
    expect(await gone).toBe('io server disconnect');
    socket.close();
    const unblock = await first.t.app.inject({
      method: 'DELETE',
      url: '/api/v1/security/ip-blacklist/127.0.0.1',
      headers: auth,
      remoteAddress: '198.51.100.9',
    });
    expect(unblock.statusCode).toBe(200);
  });

  it("suspending a user on one instance closes that user's sockets on the other", async () => {
    const [first, second] = instances;
    if (!first || !second) throw new Error('instances did not start');
    const moderator = await insertUser(first.t.db, { username: 'cluster-moderator', isAdmin: true });
    const reporter = await insertUser(first.t.db, { username: 'cluster-reporter' });
    const reported = await insertUser(first.t.db, { username: 'cluster-reported', isAdmin: true });
    const [report] = await first.t.db
      .insert(userReports)
      .values({ reportType: 'spam', reporterId: reporter.id, reportedUserId: reported.id, reason: 'Spam' })
      .returning({ id: userReports.id });
    const socket = connect(second.url, {
      path: '/socket.io',
      auth: { token: (await first.t.authHeader(reported)).authorization.slice(7) },
      transports: ['websocket'],
    });
    await new Promise<void>((resolve) => socket.once('active_calls', () => resolve()));
    const gone = goneWithin(socket);
    const res = await first.t.app.inject({
      method: 'POST',
      url: `/api/v1/user-reports/${report?.id}/suspend-user`,
      headers: await first.t.authHeader(moderator),
    });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    socket.close();
  });
});
