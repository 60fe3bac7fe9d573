import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appInstances, userPresence } from '../../db/schema/presence.ts';
import { users } from '../../db/schema/users.ts';
import { type Realtime, startRealtime } from '../../realtime/socket-server.ts';
import { connected } from '../../testing/socket-connected.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { authenticateAdmin } from '../auth/authenticate.ts';
import { reapDeadInstances } from '../users/presence.repository.ts';
import { startAppNamespace } from './app-namespace.ts';

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Presence held per instance under a heartbeat, with short beats so that the test does not wait. */
describe('presence under instance heartbeats', () => {
  let t: TestApp;
  let realtime: Realtime;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    realtime = await startRealtime(t.app.server, t.deps, t.app.log, {
      authenticate: (token) => authenticateAdmin(t.deps, token),
      blocks: t.app.blockedIps,
      namespaces: [
        (io, isBlocked) =>
          startAppNamespace(io, t.deps, t.app.log, isBlocked, undefined, {
            heartbeatMs: 100,
            staleAfterMs: 2000,
          }),
      ],
    });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await realtime.close();
    await t.close();
  });

  const isOnline = async (id: string) =>
    (await t.db.select({ on: users.isOnline }).from(users).where(eq(users.id, id)))[0]?.on;
  const open = async (username: string) => {
    const user = await insertUser(t.db, { username });
    const token = (await t.appAuthHeader(user)).authorization.slice(7);
    const socket = connect(`${url}/app`, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
    sockets.push(socket);
    await connected(socket);
    return { user, socket };
  };

  it('reaps a dead instance’s users, last seen at its final heartbeat, and leaves seeded and live ones', async () => {
    const orphan = await insertUser(t.db, { username: 'orphan', isOnline: true });
    const seeded = await insertUser(t.db, { username: 'seeded-online', isOnline: true });
    const { user: live } = await open('live-here');
    await until(async () => (await isOnline(live.id)) === true);
    const lastBeat = new Date(Date.now() - 60_000);
    await t.db.transaction(async (tx) => {
      await tx.insert(appInstances).values({ id: 'killed-instance', heartbeatAt: lastBeat });
      await tx.insert(userPresence).values({ userId: orphan.id, instanceId: 'killed-instance', sockets: 2 });
    });

    await until(async () => (await isOnline(orphan.id)) === false);
    const [row] = await t.db.select().from(users).where(eq(users.id, orphan.id));
    expect(row?.lastSeenAt?.getTime()).toBe(lastBeat.getTime());
    expect(await isOnline(seeded.id)).toBe(true);
    expect(await isOnline(live.id)).toBe(true);
    expect(await t.db.select().from(appInstances).where(eq(appInstances.id, 'killed-instance'))).toEqual([]);
  });

  it('counts sockets: a user with two stays online when one closes, and goes offline with the last', async () => {
    const { user, socket } = await open('two-tabs');
    const token = (await t.appAuthHeader(user)).authorization.slice(7);
    const second = connect(`${url}/app`, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
    sockets.push(second);
    await connected(second);
    const count = async () =>
      (await t.db.select().from(userPresence).where(eq(userPresence.userId, user.id)))[0]?.sockets;
    await until(async () => (await count()) === 2);
    socket.close();
    await until(async () => (await count()) === 1);
    expect(await isOnline(user.id)).toBe(true);
    second.close();
    await until(async () => (await isOnline(user.id)) === false);
    expect(await count()).toBeUndefined();
  });

  it('an instance reaped while alive (its heartbeat stalled) writes its users’ presence again', async () => {
    const { user } = await open('stalled-instance-user');
    await until(async () => (await isOnline(user.id)) === true);
    // Another instance judges this one dead: its heartbeat looks an hour old. In one transaction, so that
    // this instance's own next beat cannot stamp it in between.
    const reaped = await t.db.transaction(async (tx) => {
      await tx.update(appInstances).set({ heartbeatAt: sql`now() - interval '1 hour'` });
      const gone = await reapDeadInstances(tx, 2);
      const [row] = await tx.select({ on: users.isOnline }).from(users).where(eq(users.id, user.id));
      return { gone, online: row?.on };
    });
    expect(reaped.gone).toContain(user.id);
    expect(reaped.online).toBe(false);
    await until(async () => (await isOnline(user.id)) === true);
    expect((await t.db.select().from(userPresence).where(eq(userPresence.userId, user.id)))[0]?.sockets).toBe(
      1,
    );
  });
});
