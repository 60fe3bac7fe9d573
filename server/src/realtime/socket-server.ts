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
): Promise<Realtime> {
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(httpServer, { path: SOCKET_PATH });
  const redisClients = deps.config.redisUrl ? await connectRedisAdapter(io, deps.config.redisUrl, log) : [];

  io.use(async (socket, next) => {
    try {
      const token = socket.handshake.auth?.token;
      const admin = await authenticateAdmin(deps, typeof token === 'string' ? token : null);
      next(admin ? undefined : new Error('Not authenticated'));
    } catch (err) {
      log.warn({ err }, 'socket authentication failed');
      next(new Error('Authentication unavailable'));
    }
  });

  const pushCounts = async (target: { emit: Server<ClientToServerEvents, ServerToClientEvents>['emit'] }) => {
    const counts = await readLiveCounts(deps.db);
    target.emit('online_users', counts.onlineUsers);
    target.emit('active_calls', counts.activeCalls);
  };
  io.on('connection', (socket) => {
    pushCounts(socket).catch((err) => log.warn({ err }, 'live counts failed'));
  });
  // Each instance serves its own sockets; with the Redis adapter a global emit would repeat per instance.
  const timer = setInterval(() => {
    if (io.of('/').sockets.size === 0) return;
    pushCounts(io.local).catch((err) => log.warn({ err }, 'live counts failed'));
  }, LIVE_COUNTS_INTERVAL_MS);
  timer.unref();

  return {
    io,
    close: async () => {
      clearInterval(timer);
      await io.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}

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
