import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  type ClientToServerEvents,
  LIVE_COUNTS_INTERVAL_MS,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@switchboard/contract/realtime';
import { SECURITY_MESSAGES } from '@switchboard/contract/security';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { AppDeps } from '../app-deps.ts';
import { clientAddress } from '../http/client-address.ts';
import { authenticateAdmin } from '../modules/auth/authenticate.ts';
import type { Monitoring } from '../modules/monitoring/monitoring.service.ts';
import { type BlockedIpCache, createBlockedIpCache } from '../modules/security/blocked-ip-guard.ts';
import { startAppNamespace } from './app-namespace.ts';
import { readLiveCounts } from './live-counts.ts';
import { accountRoom } from './user-push.ts';

/** Between instances (Redis adapter): what the sender changed, so the others forget their cached answers. */
interface InterServerEvents {
  /** An address was blocked or unblocked. */
  blocks_changed: () => void;
  /** A write that may have changed who has access (see live-access.ts). */
  access_changed: () => void;
}

type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

export interface Realtime {
  io: RealtimeServer;
  /** Closes every socket of this instance, console and app (shutdown); calls in progress carry on. */
  disconnectAll(): void;
  close(): Promise<void>;
}

/**
 * socket.io at /socket.io for signed-in admins, and its namespace `/app` for calling apps. With REDIS_URL the Redis adapter lets several
 * server instances share rooms and broadcasts behind a load balancer (sticky sessions for polling).
 */
export async function startRealtime(
  httpServer: HttpServer,
  deps: AppDeps,
  log: FastifyBaseLogger,
  monitoring?: Monitoring,
  blocks: BlockedIpCache = createBlockedIpCache(deps.db),
): Promise<Realtime> {
  const io: RealtimeServer = new Server(httpServer, { path: SOCKET_PATH });
  const redisClients = deps.config.redisUrl ? await connectRedisAdapter(io, deps.config.redisUrl, log) : [];

  const addressOf = (socket: Socket) => clientAddress(socket.request, deps.config.trustProxy);
  const isBlocked = async (socket: Socket) => {
    const address = addressOf(socket);
    return address !== null && (await blocks.blockFor(address)) !== null;
  };
  // Before authentication, as for HTTP: a blocked address learns nothing else.
  io.use(async (socket, next) => {
    try {
      if (await isBlocked(socket)) return next(new Error(SECURITY_MESSAGES.refused));
      next();
    } catch (err) {
      log.warn({ err }, 'socket address check failed');
      next(new Error('Authentication unavailable'));
    }
  });

  const handshakeToken = (socket: { handshake: { auth?: Record<string, unknown> } }) => {
    const token = socket.handshake.auth?.token;
    return typeof token === 'string' ? token : null;
  };
  io.use(async (socket, next) => {
    try {
      const admin = await authenticateAdmin(deps, handshakeToken(socket));
      if (!admin) return next(new Error('Not authenticated'));
      // The rooms let the end of the session, or of the account, reach this socket from any instance.
      await socket.join([sessionRoom(admin.sessionId), accountRoom(admin.id)]);
      socket.data.expiresAt = admin.expiresAt;
      next();
    } catch (err) {
      log.warn({ err }, 'socket authentication failed');
      next(new Error('Authentication unavailable'));
    }
  });

  // With the Redis adapter, disconnecting a room reaches the sockets on every instance.
  const unsubscribe = deps.sessionEnds.subscribe((sessionId) => {
    io.in(sessionRoom(sessionId)).disconnectSockets(true);
  });

  /** Drops each local socket whose address has been blocked. */
  const dropBlockedSockets = async () => {
    for (const socket of io.of('/').sockets.values()) if (await isBlocked(socket)) socket.disconnect(true);
  };
  // A block or unblock here is announced to the other instances, which forget their cached answers;
  // each then drops its own sockets from a newly blocked address at once rather than at the next recheck.
  const offBlocked = blocks.onChange(() => {
    if (redisClients.length > 0) io.serverSideEmit('blocks_changed');
    dropBlockedSockets().catch((err) => log.warn({ err }, 'dropping blocked sockets failed'));
  });
  const offAccess = deps.liveAccess.onChange(() => {
    if (redisClients.length > 0) io.serverSideEmit('access_changed');
  });
  io.on('access_changed', () => deps.liveAccess.forget());
  io.on('blocks_changed', () => {
    blocks.invalidate();
    dropBlockedSockets().catch((err) => log.warn({ err }, 'dropping blocked sockets failed'));
  });

  /**
   * Drops each local socket whose token or session is no longer good (expired, demoted, deleted) or
   * whose address is now blocked: without Redis, a block made on another instance reaches it this way.
   */
  const recheckSockets = async () => {
    for (const socket of io.of('/').sockets.values()) {
      const admin = await authenticateAdmin(deps, handshakeToken(socket));
      if (!admin || (await isBlocked(socket))) socket.disconnect(true);
    }
  };

  const pushCounts = async (target: { emit: RealtimeServer['emit'] }) => {
    const counts = await readLiveCounts(deps.db);
    target.emit('online_users', counts.onlineUsers);
    target.emit('active_calls', counts.activeCalls);
  };
  io.on('connection', (socket) => {
    pushCounts(socket).catch((err) => log.warn({ err }, 'live counts failed'));
    // The token is checked again when it expires; the client reconnects with a fresh one.
    const expiry = setTimeout(
      () => {
        authenticateAdmin(deps, handshakeToken(socket))
          .then((admin) => {
            if (!admin) socket.disconnect(true);
          })
          .catch(() => socket.disconnect(true));
      },
      Math.max(0, (socket.data.expiresAt as number) - Date.now() + 1000),
    );
    expiry.unref();
    socket.on('disconnect', () => clearTimeout(expiry));
  });
  // Each instance serves its own sockets; with the Redis adapter a global emit would repeat per instance.
  // Before each push the sockets are checked again, so an admin who lost access stops receiving.
  const timer = setInterval(() => {
    if (io.of('/').sockets.size === 0) return;
    recheckSockets()
      .then(() => pushCounts(io.local))
      .catch((err) => log.warn({ err }, 'live counts failed'));
  }, LIVE_COUNTS_INTERVAL_MS);
  timer.unref();
  const stopMonitoring = monitoring ? pushMonitoring(io, monitoring) : () => undefined;
  const appNamespace = startAppNamespace(io as unknown as Server, deps, log, isBlocked);

  return {
    io,
    disconnectAll() {
      appNamespace.disconnectAll();
      io.disconnectSockets(true);
    },
    close: async () => {
      clearInterval(timer);
      stopMonitoring();
      unsubscribe();
      offBlocked();
      offAccess();
      await appNamespace.close();
      await io.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}

/** Every socket is a signed-in admin's; through the Redis adapter the events reach every instance's admins. */
function pushMonitoring(io: RealtimeServer, monitoring: Monitoring) {
  monitoring.setSocketCount(() => io.of('/').sockets.size);
  const offSample = monitoring.onSample((sample) => io.emit('metrics', sample));
  const offAlert = monitoring.onAlert((alert) => io.emit('alert', alert));
  return () => {
    offSample();
    offAlert();
  };
}

const sessionRoom = (sessionId: string) => `session:${sessionId}`;

async function connectRedisAdapter(io: Server, url: string, log: FastifyBaseLogger) {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // Without a listener a Redis restart would crash the process; the clients reconnect by themselves.
  for (const client of [pub, sub])
    client.on('error', (err) => log.warn({ err }, 'redis adapter connection error'));
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub));
  return [pub, sub];
}
