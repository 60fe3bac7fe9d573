import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateAdmin } from '../modules/auth/authenticate.ts';
import { connected } from '../testing/socket-connected.ts';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';
import { MAX_SOCKETS_PER_SESSION, SOCKET_CAP_MESSAGES } from './socket-caps.ts';
import { type Realtime, startRealtime } from './socket-server.ts';

/** Issue #27 finding 10: one admin token opened 300 sockets, with no cap. */
describe('how many sockets one session may open', { timeout: 120_000 }, () => {
  let t: TestApp;
  let realtime: Realtime;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    realtime = await startRealtime(t.app.server, t.deps, t.app.log, {
      authenticate: (token) => authenticateAdmin(t.deps, token),
      blocks: t.app.blockedIps,
    });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await realtime.close();
    await t.close();
  });

  const open = (token: string) => {
    const socket = connect(url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return socket;
  };
  const refusal = (socket: Socket) =>
    new Promise<string>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected')));
      socket.once('connect_error', (err) => resolve(err.message));
    });

  it('refuses one more than the cap with a message that says why, and lets another session in', async () => {
    const token = (
      await t.authHeader(await insertUser(t.db, { username: 'tabs', isAdmin: true }))
    ).authorization.slice(7);
    const first = Array.from({ length: MAX_SOCKETS_PER_SESSION }, () => open(token));
    await Promise.all(first.map(connected));
    expect(await refusal(open(token))).toBe(SOCKET_CAP_MESSAGES.session);

    const other = (
      await t.authHeader(await insertUser(t.db, { username: 'other', isAdmin: true }))
    ).authorization.slice(7);
    await connected(open(other));

    const closing = first[0] as Socket;
    const gone = new Promise((resolve) => closing.io.engine.once('close', resolve));
    closing.close();
    await gone;
    await new Promise((resolve) => setTimeout(resolve, 200));
    await connected(open(token));
  });
});
