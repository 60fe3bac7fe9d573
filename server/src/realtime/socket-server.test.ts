import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../db/schema/calls.ts';
import { users } from '../db/schema/users.ts';
import { createBlockedIpCache } from '../modules/security/blocked-ip-guard.ts';
import { connected } from '../testing/socket-connected.ts';
import { type SocketTestServer, startSocketTestServer } from '../testing/socket-test-server.ts';
import { createTestApp, insertTestSession, insertUser, type TestApp } from '../testing/test-app.ts';

describe('socket.io at /socket.io', () => {
  let t: TestApp;
  let server: SocketTestServer;
  beforeAll(async () => {
    t = await createTestApp();
    server = await startSocketTestServer(t, { blocks: createBlockedIpCache(t.db) });
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  const open = (token?: string) => {
    return server.connect('', { auth: token ? { token } : {} });
  };

  it('refuses a connection without an admin token', async () => {
    const user = await insertUser(t.db, { username: 'plain-user' });
    const token = (await t.authHeader(user)).authorization.slice(7);
    // Listen as each socket opens: an await in between could miss a quick refusal.
    const refusals = [open(), open(token)].map(
      (socket) => new Promise<Error>((resolve) => socket.once('connect_error', resolve)),
    );
    for (const error of await Promise.all(refusals)) expect(error.message).toBe('Not authenticated');
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

  const disconnected = (socket: Socket) =>
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

  it('disconnects the sockets of a session that signed out', async () => {
    await insertUser(t.db, { username: 'leaver', isAdmin: true, password: 'Correct-horse-1' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'leaver', password: 'Correct-horse-1' },
    });
    const { access_token, refresh_token } = login.json();
    const socket = open(access_token);
    await connected(socket);
    const gone = disconnected(socket);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'refresh-token': refresh_token },
    });
    expect(await gone).toBe('io server disconnect');
  });

  it('disconnects a demoted admin, and stops sending them counts', async () => {
    const admin = await insertUser(t.db, { username: 'demoted', isAdmin: true });
    const socket = open((await t.authHeader(admin)).authorization.slice(7));
    await connected(socket);
    const gone = disconnected(socket);
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    expect(await gone).toBe('io server disconnect');
  }, 15_000);

  it('checks the token again when it expires', async () => {
    const admin = await insertUser(t.db, { username: 'short-lived', isAdmin: true });
    const sessionId = await insertTestSession(t.db, admin.id);
    const token = await new SignJWT({ username: admin.username, root: false, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuer('switchboard')
      .setAudience('switchboard-console')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(t.deps.config.jwtSecret));
    const socket = open(token);
    await connected(socket);
    const startedAt = Date.now();
    expect(await disconnected(socket)).toBe('io server disconnect');
    expect(Date.now() - startedAt).toBeLessThan(5000);
  }, 15_000);
});
