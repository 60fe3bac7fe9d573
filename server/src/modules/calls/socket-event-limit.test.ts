import { APP_LIMITS } from '@switchboard/contract/account';
import { CALL_REFUSALS } from '@switchboard/contract/calling';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema/calls.ts';
import { type Realtime, startRealtime } from '../../realtime/socket-server.ts';
import { connected } from '../../testing/socket-connected.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { authenticateAdmin } from '../auth/authenticate.ts';
import { startAppNamespace } from './app-namespace.ts';
import { createSocketEventWindow } from './socket-event-window.ts';

describe('the spec’s 10 socket events a second per connection', () => {
  it('counts in one-second windows', () => {
    let now = 0;
    const window = createSocketEventWindow(3, () => now);
    expect([window.take(), window.take(), window.take(), window.take()]).toEqual([true, true, true, false]);
    now = 999;
    expect(window.take()).toBe(false);
    now = 1000;
    expect([window.take(), window.take(), window.take(), window.take()]).toEqual([true, true, true, false]);
  });

  describe('on the /app namespace', () => {
    let t: TestApp;
    let realtime: Realtime;
    let url: string;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      t = await createTestApp();
      realtime = await startRealtime(t.app.server, t.deps, t.app.log, {
        authenticate: (token) => authenticateAdmin(t.deps, token),
        blocks: t.app.blockedIps,
        namespaces: [(io, isBlocked) => startAppNamespace(io, t.deps, t.app.log, isBlocked)],
      });
      t.deps.userPush.attach(realtime.io);
      url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await realtime.close();
      await t.close();
    });

    const open = async (username: string) => {
      const user = await insertUser(t.db, { username, coinBalance: 100 });
      const token = (await t.appAuthHeader(user)).authorization.slice(7);
      const socket = connect(`${url}/app`, {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
      });
      sockets.push(socket);
      await connected(socket);
      return { user, socket };
    };
    const ask = <T>(socket: Socket, event: string, payload: unknown) =>
      new Promise<T>((resolve) => socket.emit(event, payload, resolve));

    it('answers the 11th event of a second `rate_limited`, runs none of it, and takes events again a second later', async () => {
      const { socket } = await open('flooder');
      const { user: callee, socket: other } = await open('flooded');
      // Sent at once, without waiting for answers: the limit counts arrivals, not completions.
      const burst = Array.from({ length: APP_LIMITS.socketEventsPerSecond }, () =>
        ask<{ ok: boolean }>(socket, 'presence_query', { user_ids: [callee.id] }),
      );
      const eleventh = ask(socket, 'call_invite', { callee_id: callee.id, type: 'voice' });
      expect((await Promise.all(burst)).every((r) => r.ok)).toBe(true);
      const over = await eleventh;
      expect(over).toEqual({ ok: false, code: 'rate_limited', message: CALL_REFUSALS.rate_limited });
      expect(await t.db.select().from(calls)).toEqual([]);

      // Another connection has its own budget.
      expect(await ask(other, 'presence_query', { user_ids: [] })).toEqual({ ok: true, online: [] });

      await new Promise((resolve) => setTimeout(resolve, 1100));
      const placed = await ask<{ ok: boolean }>(socket, 'call_invite', {
        callee_id: callee.id,
        type: 'voice',
      });
      expect(placed.ok).toBe(true);
      expect(await t.db.select().from(calls)).toHaveLength(1);
    });
  });
});
