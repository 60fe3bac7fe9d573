import { sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testRedisUrl } from '../config.ts';
import { createSessionEnds } from '../modules/auth/session-ends.ts';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';
import { type Realtime, startRealtime } from './socket-server.ts';

const redisUrl = testRedisUrl();

/** Two server instances on one database, as behind a load balancer: REDIS_URL joins their sockets. */
describe.skipIf(!redisUrl)('socket.io across instances with REDIS_URL', () => {
  const instances: { t: TestApp; realtime: Realtime; url: string }[] = [];
  beforeAll(async () => {
    const first = await createTestApp({ redisUrl });
    // Each instance hears only of the sessions that end on it, as separate processes would.
    const secondDeps = { ...first.deps, sessionEnds: createSessionEnds() };
    const second = { ...first, deps: secondDeps, app: await buildApp(secondDeps) };
    for (const t of [first, second]) {
      const realtime = await startRealtime(t.app.server, t.deps, t.app.log, t.app.monitoring);
      instances.push({ t, realtime, url: await t.app.listen({ port: 0, host: '127.0.0.1' }) });
    }
  });
  afterAll(async () => {
    for (const { realtime } of instances) await realtime.close();
    await instances[1]?.t.app.close();
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
});
