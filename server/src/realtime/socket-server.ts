import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  type ClientToServerEvents,
  LIVE_COUNTS_INTERVAL_MS,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@switchboard/contract/realtime';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { AppDeps } from '../app-deps.ts';
import { authenticateAdmin } from '../modules/auth/authenticate.ts';
import type { Monitoring } from '../modules/monitoring/monitoring.service.ts';
import { readLiveCounts } from './live-counts.ts';

export interface Realtime {
  io: Server<ClientToServerEvents, ServerToClientEvents>;
  close(): Promise<void>;
}

/**
 * socket.io at /socket.io for signed-in admins. With REDIS_URL the Redis adapter lets several
 * server instances share rooms and broadcasts behind a load balancer (sticky sessions for polling).
 */
export async function startRealtime(
  httpServer: HttpServer,
  deps: AppDeps,
  log: FastifyBaseLogger,
  monitoring?: Monitoring,
): Promise<Realtime> {
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(httpServer, { path: SOCKET_PATH });
  const redisClients = deps.config.redisUrl ? await connectRedisAdapter(io, deps.config.redisUrl, log) : [];

  const handshakeToken = (socket: { handshake: { auth?: Record<string, unknown> } }) => {
    const token = socket.handshake.auth?.token;
    return typeof token === 'string' ? token : null;
  };
  io.use(async (socket, next) => {
    try {
      const admin = await authenticateAdmin(deps, handshakeToken(socket));
      if (!admin) return next(new Error('Not authenticated'));
      // The room lets the end of the session reach this socket from any instance.
      await socket.join(sessionRoom(admin.sessionId));
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

  /** Drops each local socket whose token or session is no longer good (expired, demoted, deleted). */
  const recheckSockets = async () => {
    for (const socket of io.of('/').sockets.values()) {
      const admin = await authenticateAdmin(deps, handshakeToken(socket));
      if (!admin) socket.disconnect(true);
    }
  };

  const pushCounts = async (target: { emit: Server<ClientToServerEvents, ServerToClientEvents>['emit'] }) => {
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

  return {
    io,
    close: async () => {
      clearInterval(timer);
      stopMonitoring();
      unsubscribe();
      await io.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}

/** Every socket is a signed-in admin's; through the Redis adapter the events reach every instance's admins. */
function pushMonitoring(io: Server<ClientToServerEvents, ServerToClientEvents>, monitoring: Monitoring) {
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
