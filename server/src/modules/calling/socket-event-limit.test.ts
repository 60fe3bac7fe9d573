import { APP_LIMITS } from '@switchboard/contract/account';
import { CALL_REFUSALS } from '@switchboard/contract/calling';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema/calls.ts';
import { type SocketTestServer, startSocketTestServer } from '../../testing/socket-test-server.ts';
import { createTestApp } from '../../testing/test-app.ts';
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
    let server: SocketTestServer;
    beforeAll(async () => {
      server = await startSocketTestServer(await createTestApp(), { appNamespace: true });
    });
    afterAll(async () => {
      await server.close();
      await server.t.close();
    });

    const open = (username: string) => server.appUser(username, 100);
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
      expect(await server.t.db.select().from(calls)).toEqual([]);

      // Another connection has its own budget.
      expect(await ask(other, 'presence_query', { user_ids: [] })).toEqual({ ok: true, online: [] });

      await new Promise((resolve) => setTimeout(resolve, 1100));
      const placed = await ask<{ ok: boolean }>(socket, 'call_invite', {
        callee_id: callee.id,
        type: 'voice',
      });
      expect(placed.ok).toBe(true);
      expect(await server.t.db.select().from(calls)).toHaveLength(1);
    });
  });
});
