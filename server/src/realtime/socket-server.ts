import type { Server as HttpServer } from 'node:http';
import { APP_NAMESPACE } from '@switchboard/contract/calling';
import type { AlertEvent, LivePoint, MetricsSample } from '@switchboard/contract/monitoring';
import {
  type ClientToServerEvents,
  LIVE_COUNTS_INTERVAL_MS,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@switchboard/contract/realtime';
import { SECURITY_MESSAGES } from '@switchboard/contract/security';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { AppDeps, RedisLink } from '../app-deps.ts';
import { readLiveCounts } from '../db/live-counts.ts';
import { holds, type SessionPrincipal } from '../http/access-token.ts';
import { clientAddress } from '../http/client-address.ts';
import { createSocketCaps } from '../http/socket-caps.ts';
import { pushLiveSeries } from './live-series.ts';
import { accountRoom } from './user-push.ts';

/** Between instances (Redis adapter): what the sender changed, so the others forget their cached answers. */
interface InterServerEvents {
  /** An address was blocked or unblocked. */
  blocks_changed: () => void;
  /** A write that may have changed who has access (see live-access.ts). */
  access_changed: () => void;
  /** Settings were saved (see live-settings.ts). */
  settings_changed: () => void;
}

type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

/** What the socket server asks of the modules; main.ts hands it over. */
export interface RealtimeFeeds {
  /** The live admin a token belongs to, as the HTTP guard finds it (modules/auth/authenticate.ts). */
  authenticate(token: string | null): Promise<(SessionPrincipal & { expiresAt: number }) | null>;
  /** Blocked addresses, cached (modules/security/blocked-ip-guard.ts). */
  blocks: {
    blockFor(address: string): Promise<string | null>;
    invalidate(): void;
    onChange(listener: () => void): () => void;
  };
  /** This instance's samples and alerts, pushed to every admin (modules/monitoring/monitoring.service.ts). */
  monitoring?: {
    setSocketCount(read: () => number): void;
    /** The open sockets per namespace (console, app), for /metrics. */
    setSocketCounts?(read: () => Record<string, number>): void;
    onSample(listener: (sample: MetricsSample) => void): () => void;
    onAlert(listener: (alert: AlertEvent) => void): () => void;
    /** The Redis adapter's health, for readiness and /metrics. */
    setRedisLink(link: RedisLink): void;
  };
  /** The live settings (modules/settings/live-settings.ts): a save here makes the other instances reload. */
  settings?: {
    onSaved(listener: () => void): () => void;
    forget(): void;
  };
  /** One moment of the living system for the monitor's 15-minute charts (modules/calls/live-point.ts). */
  livePoint?: () => Promise<LivePoint>;
  /** Further namespaces on the same server (the calling apps' `/app`, modules/calling/app-namespace.ts). */
  namespaces?: readonly NamespaceStarter[];
}

/**
 * Starts a namespace on the socket server; told whether a socket's address is blocked, and, with REDIS_URL,
 * whether the link to the other instances is up (null without Redis: there are no other instances).
 */
export type NamespaceStarter = (
  io: Server,
  isBlocked: (socket: Socket) => Promise<boolean>,
  link: { up(): boolean } | null,
) => { drain(): Promise<void>; close(): Promise<void> };

export interface Realtime {
  io: RealtimeServer;
  /**
   * The first step of a stop: takes no new connection, lets each namespace hand over what its sockets carry
   * (calls wait for their parties to re-attach elsewhere), then closes this instance's own sockets, console
   * and app alike, as a lost connection: clients reconnect, through the load balancer, to another instance.
   */
  drain(): Promise<void>;
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
  { authenticate, blocks, monitoring, settings, namespaces, livePoint }: RealtimeFeeds,
): Promise<Realtime> {
  // Clients bring their own socket.io client (the console bundles it): none is served from here.
  const io: RealtimeServer = new Server(httpServer, { path: SOCKET_PATH, serveClient: false });
  // Loaded only with REDIS_URL: the Redis client is a fifth of the compiled server, read at every start.
  const { redisUrl } = deps.config;
  const redis = redisUrl ? await import('./redis-adapter.ts') : undefined;
  const redisClients = redis && redisUrl ? redis.connectRedisAdapter(io, redisUrl, log, monitoring) : [];

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

  const caps = createSocketCaps();
  const handshakeToken = (socket: { handshake: { auth?: Record<string, unknown> } }) => {
    const token = socket.handshake.auth?.token;
    return typeof token === 'string' ? token : null;
  };
  io.use(async (socket, next) => {
    let release: (() => void) | undefined;
    try {
      const admin = await authenticate(handshakeToken(socket));
      if (!admin) return next(new Error('Not authenticated'));
      // One token or one address must not open sockets without end: each costs memory and pushes.
      const place = caps.take(admin.sessionId, addressOf(socket) ?? 'unknown');
      if ('refused' in place) return next(new Error(place.refused));
      release = place.release;
      socket.once('disconnect', release);
      // The rooms let the end of the session, or of the account, reach this socket from any instance.
      await socket.join([sessionRoom(admin.sessionId), accountRoom(admin.id)]);
      // The live numbers are the monitoring area's, as over HTTP: a role without it never receives them.
      if (holds(admin, MONITORING_PERMISSION)) await socket.join(MONITORING_ROOM);
      socket.data.expiresAt = admin.expiresAt;
      next();
    } catch (err) {
      release?.();
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
  const offSettings = settings?.onSaved(() => {
    if (redisClients.length > 0) io.serverSideEmit('settings_changed');
  });
  io.on('settings_changed', () => settings?.forget());
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
      const admin = await authenticate(handshakeToken(socket));
      if (!admin || (await isBlocked(socket))) socket.disconnect(true);
    }
  };

  const pushCounts = async (target: { emit: RealtimeServer['emit'] }) => {
    const counts = await readLiveCounts(deps.db);
    target.emit('online_users', counts.onlineUsers);
    target.emit('active_calls', counts.activeCalls);
  };
  io.on('connection', (socket) => {
    if (socket.rooms.has(MONITORING_ROOM))
      pushCounts(socket).catch((err) => log.warn({ err }, 'live counts failed'));
    // The token is checked again when it expires; the client reconnects with a fresh one.
    const expiry = setTimeout(
      () => {
        authenticate(handshakeToken(socket))
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
      .then(() => pushCounts(io.local.to(MONITORING_ROOM)))
      .catch((err) => log.warn({ err }, 'live counts failed'));
  }, LIVE_COUNTS_INTERVAL_MS);
  timer.unref();
  const stopMonitoring = monitoring ? pushMonitoring(io, monitoring) : () => undefined;
  const stopLiveSeries = livePoint
    ? pushLiveSeries(io, MONITORING_ROOM, livePoint, LIVE_COUNTS_INTERVAL_MS, log)
    : () => undefined;
  const link = redisClients.length > 0 ? { up: () => redisClients.every((client) => client.isReady) } : null;
  const extraNamespaces = (namespaces ?? []).map((start) => start(io as unknown as Server, isBlocked, link));

  return {
    io,
    async drain() {
      // A new connection is refused at the transport (HTTP 403), which clients retry, unlike a refusal
      // by a namespace's middleware.
      io.engine.opts.allowRequest = (_request, answer) => answer('draining', false);
      await Promise.all(extraNamespaces.map((namespace) => namespace.drain()));
      // Only this instance's connections (io.disconnectSockets would reach every instance's through the
      // Redis adapter), closed at the transport: the client hears `transport close` and reconnects, where
      // a server-side disconnect (`io server disconnect`) would leave it disconnected for good.
      io.engine.close();
    },
    close: async () => {
      clearInterval(timer);
      stopMonitoring();
      stopLiveSeries();
      unsubscribe();
      offBlocked();
      offAccess();
      offSettings?.();
      // During a Redis outage the adapter's UNSUBSCRIBE would wait for Redis forever: close the clients
      // first, so their queued commands fail at once and the shutdown goes on.
      if (redisClients.some((client) => !client.isReady))
        for (const client of redisClients) if (client.isOpen) client.destroy();
      await Promise.all(extraNamespaces.map((namespace) => namespace.close()));
      await io.close().catch((err) => log.warn({ reason: (err as Error).message }, 'socket.io close failed'));
      if (redis) await Promise.all(redisClients.map((client) => redis.closeRedis(client)));
    },
  };
}

/** Through the Redis adapter the events reach every instance's admins who may read monitoring. */
function pushMonitoring(io: RealtimeServer, monitoring: NonNullable<RealtimeFeeds['monitoring']>) {
  monitoring.setSocketCount(() => io.of('/').sockets.size);
  monitoring.setSocketCounts?.(() => ({
    console: io.of('/').sockets.size,
    app: io.of(APP_NAMESPACE).sockets.size,
  }));
  const watchers = io.to(MONITORING_ROOM);
  const offSample = monitoring.onSample((sample) => watchers.emit('metrics', sample));
  const offAlert = monitoring.onAlert((alert) => watchers.emit('alert', alert));
  return () => {
    offSample();
    offAlert();
  };
}

const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * The console sockets that receive the live numbers (metrics, alerts, the 15-minute series, online users
 * and active calls): those of admins whose role reads the monitoring area, the permission of the HTTP
 * routes that answer the same numbers (dashboard and monitor). A role change ends the admin's sessions,
 * so the room is decided once per socket.
 */
const MONITORING_PERMISSION = 'monitoring:read';
const MONITORING_ROOM = 'monitoring';
