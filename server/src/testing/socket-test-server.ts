import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { buildApp } from '../app.ts';
import type { AdminPrincipal } from '../http/access-token.ts';
import { createDrainState } from '../http/drain-state.ts';
import { authenticateAdmin } from '../modules/auth/authenticate.ts';
import { createLiveAccess } from '../modules/auth/live-access.ts';
import { createSessionEnds } from '../modules/auth/session-ends.ts';
import { startAppNamespace } from '../modules/calling/app-namespace.ts';
import { type Realtime, type RealtimeFeeds, startRealtime } from '../realtime/socket-server.ts';
import { createUserPush } from '../realtime/user-push.ts';
import { connected } from './socket-connected.ts';
import { insertUser, type TestApp } from './test-app.ts';

export interface SocketTestServer {
  t: TestApp;
  realtime: Realtime;
  /** The listening server's base URL. */
  url: string;
  /** A socket to `url` + `namespace`, over websocket, closed by `close()`. */
  connect(namespace?: '' | '/app', options?: Partial<ManagerOptions & SocketOptions>): Socket;
  /** A new calling-app user holding `coins`, signed in, with a socket connected to `/app`. */
  appUser(username: string, coins: number): Promise<{ user: AdminPrincipal; socket: Socket }>;
  /** Closes its sockets and socket.io; the test app stays open. */
  close(): Promise<void>;
}

/**
 * Starts socket.io on a test app as main.ts does (the admin guard, the app's blocked-address cache, user pushes
 * attached), with the `/app` namespace when asked, and listens on a free port.
 */
export async function startSocketTestServer(
  t: TestApp,
  options: { appNamespace?: boolean } & Partial<
    Pick<RealtimeFeeds, 'blocks' | 'monitoring' | 'livePoint'>
  > = {},
): Promise<SocketTestServer> {
  const realtime = await startRealtime(t.app.server, t.deps, t.app.log, {
    authenticate: (token) => authenticateAdmin(t.deps, token),
    blocks: options.blocks ?? t.app.blockedIps,
    monitoring: options.monitoring,
    livePoint: options.livePoint,
    namespaces: options.appNamespace
      ? [(io, isBlocked, link) => startAppNamespace(io, t.deps, t.app.log, isBlocked, undefined, { link })]
      : undefined,
  });
  t.deps.userPush.attach(realtime.io);
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const sockets: Socket[] = [];
  const connectTo = (
    namespace: '' | '/app' = '',
    socketOptions: Partial<ManagerOptions & SocketOptions> = {},
  ) => {
    const socket = connect(`${url}${namespace}`, {
      path: '/socket.io',
      transports: ['websocket'],
      ...socketOptions,
    });
    sockets.push(socket);
    return socket;
  };
  return {
    t,
    realtime,
    url,
    connect: connectTo,
    appUser: async (username, coins) => {
      const user = await insertUser(t.db, { username, coinBalance: coins });
      const token = (await t.appAuthHeader(user)).authorization.slice(7);
      const socket = connectTo('/app', { auth: { token } });
      await connected(socket);
      return { user, socket };
    },
    close: async () => {
      for (const socket of sockets) socket.close();
      await realtime.close();
    },
  };
}
/**
 * A second server instance on the first one's database and Redis, as behind a load balancer. It hears only of
 * the sessions that end on it and pushes through its own sockets, as a separate process would. Closing it
 * leaves the shared database to the first.
 */
export async function secondInstance(first: TestApp): Promise<TestApp> {
  const deps = {
    ...first.deps,
    liveAccess: createLiveAccess(first.db),
    sessionEnds: createSessionEnds(),
    userPush: createUserPush(),
    drain: createDrainState(),
  };
  const app = await buildApp(deps);
  return { ...first, deps, app, close: () => app.close() };
}
