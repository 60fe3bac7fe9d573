import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../db/schema/calls.ts';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';
import { type Realtime, startRealtime } from './socket-server.ts';

describe('socket.io at /socket.io', () => {
  let t: TestApp;
  let realtime: Realtime;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    realtime = await startRealtime(t.app.server, t.deps, t.app.log);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await realtime.close();
    await t.close();
  });

  const open = (token?: string) => {
    const socket = connect(url, {
      path: '/socket.io',
      auth: token ? { token } : {},
      transports: ['websocket'],
    });
    sockets.push(socket);
    return socket;
  };

  it('refuses a connection without an admin token', async () => {
    const user = await insertUser(t.db, { username: 'plain-user' });
    for (const socket of [open(), open((await t.authHeader(user)).authorization.slice(7))]) {
      const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(error.message).toBe('Not authenticated');
    }
  });

  it('sends a signed-in admin the live online-user and active-call counts', async () => {
    const admin = await insertUser(t.db, { username: 'live-admin', isAdmin: true, isOnline: true });
    const callee = await insertUser(t.db, { username: 'callee', isOnline: true });
    await t.db.insert(calls).values([
      { callerId: admin.id, calleeId: callee.id, type: 'voice', status: 'active', startedAt: new Date() },
      { callerId: callee.id, calleeId: admin.id, type: 'video', status: 'ended', startedAt: new Date() },
    ]);
    const socket = open((await t.authHeader(admin)).authorization.slice(7));
    const [online, active] = await Promise.all([
      new Promise<number>((resolve) => socket.once('online_users', resolve)),
      new Promise<number>((resolve) => socket.once('active_calls', resolve)),
    ]);
    expect(online).toBe(2);
    expect(active).toBe(1);
  });
});
