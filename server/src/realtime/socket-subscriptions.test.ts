import type { MetricsSample } from '@switchboard/contract/monitoring';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLivePoint } from '../modules/calls/live-point.ts';
import { connected } from '../testing/socket-connected.ts';
import { type SocketTestServer, startSocketTestServer } from '../testing/socket-test-server.ts';
import { createTestApp, insertRole, insertUser, type TestApp } from '../testing/test-app.ts';
import type { RealtimeFeeds } from './socket-server.ts';

const LIVE_EVENTS = ['metrics', 'live_series', 'online_users', 'active_calls'] as const;

/** Attack review #46, finding 6: a role with no permission received every live number over the console socket. */
describe('the console socket sends the live numbers only to a role that reads monitoring', () => {
  let t: TestApp;
  let server: SocketTestServer;
  const sampleListeners: ((sample: MetricsSample) => void)[] = [];
  const monitoring: NonNullable<RealtimeFeeds['monitoring']> = {
    setSocketCount: () => undefined,
    onSample: (listener) => {
      sampleListeners.push(listener);
      return () => undefined;
    },
    onAlert: () => () => undefined,
    setRedisLink: () => undefined,
  };
  beforeAll(async () => {
    t = await createTestApp();
    server = await startSocketTestServer(t, { monitoring, livePoint: () => readLivePoint(t.db) });
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  const tokenOf = async (username: string, adminRoleId: string) =>
    (
      await t.authHeader(await insertUser(t.db, { username, isAdmin: true, adminRoleId }))
    ).authorization.slice(7);
  /** Which live events the socket received within a few seconds (one push of counts and series). */
  const receivedBy = async (socket: Socket) => {
    const seen = new Set<string>();
    for (const event of LIVE_EVENTS) socket.on(event, () => seen.add(event));
    await connected(socket);
    for (const listener of sampleListeners) listener({} as MetricsSample);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    return [...seen].sort();
  };

  it('sends nothing live to a role without monitoring:read, and everything to one with it', async () => {
    const nothing = await insertRole(t.db, 'No permission', []);
    const usersOnly = await insertRole(t.db, 'Users only', ['users:read', 'users:write']);
    const [none, users, viewer] = await Promise.all([
      receivedBy(server.connect('', { auth: { token: await tokenOf('nobody', nothing) } })),
      receivedBy(server.connect('', { auth: { token: await tokenOf('support-desk', usersOnly) } })),
      receivedBy(server.connect('', { auth: { token: await tokenOf('watcher', 'viewer') } })),
    ]);
    expect(none).toEqual([]);
    expect(users).toEqual([]);
    expect(viewer).toEqual([...LIVE_EVENTS].sort());
  });
});
