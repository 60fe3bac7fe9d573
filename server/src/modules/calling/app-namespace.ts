import { randomUUID } from 'node:crypto';
import { APP_LIMITS } from '@switchboard/contract/account';
import { APP_NAMESPACE, callRoom } from '@switchboard/contract/calling';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { AppDeps } from '../../app-deps.ts';
import { authenticateAccount } from '../auth/authenticate.ts';
import { abandonCall, type CallContext } from '../calls/call-lifecycle.service.ts';
import { carrySide } from '../calls/call-sides.repository.ts';
import { detachInstanceCalls, takeOverLostCalls } from '../calls/server-lost.ts';
import { liveInstanceIds, presenceConnected, presenceDisconnected } from '../users/presence.repository.ts';
import { appSessionRoom, installAppHandshake } from './app-handshake.ts';
import { type AppNamespace, type AppSocket, refused } from './app-socket.ts';
import { handleCallReattach } from './call-reattach.ts';
import { startCallResync } from './call-resync.ts';
import { handleCallSteps } from './call-steps.ts';
import { createHeardMarks } from './heard-marks.ts';
import {
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_STALE_AFTER_MS,
  startPresenceHeartbeat,
} from './presence-heartbeat.ts';
import { handlePresenceQuery } from './presence-query.ts';
import { createQualityIntake } from './quality-intake.ts';
import { createSetupReports } from './setup-reports.ts';
import { handleSignallingRelay } from './signalling-relay.ts';
import { createSocketEventWindow } from './socket-event-window.ts';

/** How often every `/app` socket's token and session are checked again (the console's sockets: 5 s). */
const SESSION_RECHECK_MS = 5_000;

/**
 * The calling apps' namespace `/app`: any active account signs in with its access token. Presence, the
 * call lifecycle, and the signalling relay between the two parties of a call, who may be connected to
 * different instances (rooms `user:<id>` and `call:<id>` travel through the Redis adapter).
 */
export function startAppNamespace(
  io: Server,
  deps: AppDeps,
  log: FastifyBaseLogger,
  isBlocked: (socket: Socket) => Promise<boolean>,
  clock: () => Date = () => new Date(),
  {
    heartbeatMs = PRESENCE_HEARTBEAT_MS,
    staleAfterMs = PRESENCE_STALE_AFTER_MS,
    link = null,
  }: {
    heartbeatMs?: number;
    staleAfterMs?: number;
    /** The Redis link between instances, with REDIS_URL: while it is down, calls resync from the database. */
    link?: { up(): boolean } | null;
  } = {},
): { drain(): Promise<void>; close(): Promise<void> } {
  const ns = io.of(APP_NAMESPACE) as unknown as AppNamespace;
  const instanceId = randomUUID();
  const ctx: CallContext = { db: deps.db, push: deps.userPush, clock, instanceId };
  const heard = createHeardMarks(deps.db, log, clock);
  const quality = createQualityIntake(deps.db, log, clock, heard);
  const setup = createSetupReports(deps.db, log, clock);
  // A server going down drops its sockets: their calls carry on (media flows peer to peer) and wait for
  // their parties to re-attach from another instance (calls/server-lost.ts), rather than each restart
  // ending every call on this instance.
  let closing = false;

  const localSocketsByUser = () => {
    const counts = new Map<string, number>();
    for (const socket of ns.sockets.values())
      counts.set(socket.data.userId, (counts.get(socket.data.userId) ?? 0) + 1);
    return counts;
  };
  /** This instance was reaped while alive (a stalled heartbeat): the calls it carries are its own again. */
  const recarryLocalCalls = async () => {
    for (const socket of ns.sockets.values())
      for (const [callId, side] of socket.data.calls)
        await carrySide(deps.db, callId, side, instanceId, clock());
  };
  const { stop: stopHeartbeat } = startPresenceHeartbeat(deps.db, log, localSocketsByUser, {
    heartbeatMs,
    staleAfterMs,
    instanceId,
    // Any instance that finds another gone takes over its calls: the parties hear it and may re-attach.
    afterBeat: async (reclaimed) => {
      if (reclaimed) await recarryLocalCalls();
      const taken = await takeOverLostCalls(ctx, await liveInstanceIds(deps.db));
      if (taken > 0) log.info({ calls: taken }, 'calls of a lost instance wait for their parties');
    },
  });

  installAppHandshake(ns, deps, log, isBlocked);
  const resync = link ? startCallResync(ns, deps.db, log, () => link.up()) : null;

  // A session that ends (logout, revoke, a suspension or deletion ending them all) closes its sockets on
  // every instance at once; the recheck below catches any other way a token stops being good.
  const offSessionEnds = deps.sessionEnds.subscribe((sessionId) => {
    ns.in(appSessionRoom(sessionId)).disconnectSockets(true);
  });
  const recheck = setInterval(() => {
    for (const socket of ns.sockets.values()) {
      const token = (socket as unknown as { handshake: { auth?: { token?: unknown } } }).handshake.auth
        ?.token;
      authenticateAccount(deps, typeof token === 'string' ? token : null)
        .then((account) => {
          if (!account || account.sessionId !== socket.data.sessionId) socket.disconnect(true);
        })
        .catch((err: unknown) => log.warn({ err }, 'app socket recheck failed'));
    }
  }, SESSION_RECHECK_MS);
  recheck.unref();

  // The spec's 10 socket events a second, per user: more sockets do not buy more events.
  const eventWindows = new Map<string, ReturnType<typeof createSocketEventWindow>>();

  /** Whether the user still has a socket in the room, on any instance. */
  const stillIn = async (room: string, userId: string) =>
    (await ns.in(room).fetchSockets()).some((s) => s.data.userId === userId);

  ns.on('connection', (socket: AppSocket) => {
    const me = socket.data.userId;
    // An event over the user's budget is answered `rate_limited` (when it asked for an answer) and never
    // reaches its handler, so it changes nothing.
    let events = eventWindows.get(me);
    if (!events) {
      events = createSocketEventWindow(APP_LIMITS.socketEventsPerSecond);
      eventWindows.set(me, events);
    }
    socket.use((packet, next) => {
      if (events?.take()) return next();
      const ack = packet[packet.length - 1];
      if (typeof ack === 'function') ack(refused('rate_limited'));
    });
    // The disconnect's decrement waits for this socket's increment.
    const present = presenceConnected(deps.db, me, instanceId).catch((err) =>
      log.warn({ err }, 'presence not recorded'),
    );

    handleCallSteps(socket, deps, ctx, quality, log, setup);
    handleCallReattach(socket, ctx, log, () => !deps.drain.draining);
    handleSignallingRelay(socket, heard);
    setup.handle(socket);
    quality.handle(socket);
    handlePresenceQuery(socket, deps.db, me, log);

    socket.on('disconnect', () => {
      if (![...ns.sockets.values()].some((other) => other.data.userId === me)) eventWindows.delete(me);
      if (closing) return;
      const carried = [...socket.data.calls.keys()];
      for (const callId of carried) {
        quality.drop(callId);
        heard.drop(callId);
      }
      (async () => {
        // A call this socket carried ends unless another socket of the same user carries it still.
        for (const callId of carried)
          if (!(await stillIn(callRoom(callId), me))) await abandonCall(ctx, me, callId);
        await present;
        await presenceDisconnected(deps.db, me, instanceId);
      })().catch((err) => log.warn({ err }, 'app socket clean-up failed'));
    });
  });

  return {
    /**
     * The first step of a stop: the calls this instance's sockets carry wait for their parties to re-attach
     * elsewhere, with their samples written; the sockets are then closed by the socket server.
     */
    async drain() {
      closing = true;
      await quality.stop();
      const waiting = await detachInstanceCalls(ctx, [instanceId]);
      if (waiting > 0) log.info({ calls: waiting }, 'calls handed over: their parties re-attach elsewhere');
    },
    close: async () => {
      closing = true;
      clearInterval(recheck);
      resync?.stop();
      offSessionEnds();
      await quality.stop();
      await stopHeartbeat();
    },
  };
}
