import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_SOCKETS_PER_ADDRESS,
  MAX_SOCKETS_PER_SESSION,
  SOCKET_CAP_MESSAGES,
} from '../http/socket-caps.ts';
import { connected } from '../testing/socket-connected.ts';
import { type SocketTestServer, startSocketTestServer } from '../testing/socket-test-server.ts';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';

/** Issue #27 finding 10: one admin token opened 300 sockets, with no cap. */
describe('how many sockets one session may open', { timeout: 120_000 }, () => {
  let t: TestApp;
  let server: SocketTestServer;
  beforeAll(async () => {
    t = await createTestApp();
    server = await startSocketTestServer(t);
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  const open = (token: string) => {
    return server.connect('', { auth: { token }, reconnection: false, forceNew: true });
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

  it('refuses a socket past the cap per address, whichever session asks', async () => {
    const sockets: Socket[] = [];
    try {
      // Every socket of this test comes from 127.0.0.1, the first test's included: fill what is left.
      const used = (await server.realtime.io.fetchSockets()).length;
      for (let n = used, session = 0; n < MAX_SOCKETS_PER_ADDRESS; session++) {
        const token = (
          await t.authHeader(await insertUser(t.db, { username: `crowd-${session}`, isAdmin: true }))
        ).authorization.slice(7);
        for (let i = 0; i < MAX_SOCKETS_PER_SESSION && n < MAX_SOCKETS_PER_ADDRESS; i++, n++)
          sockets.push(open(token));
      }
      await Promise.all(sockets.map(connected));
      const fresh = (
        await t.authHeader(await insertUser(t.db, { username: 'one-more', isAdmin: true }))
      ).authorization.slice(7);
      expect(await refusal(open(fresh))).toBe(SOCKET_CAP_MESSAGES.address);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
