import { APP_LIMITS } from '@switchboard/contract/account';
import { APP_NAMESPACE, callRoom } from '@switchboard/contract/calling';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { AppDeps } from '../../app-deps.ts';
import { abandonCall, type CallContext } from '../calls/call-lifecycle.service.ts';
import { presenceConnected, presenceDisconnected } from '../users/presence.repository.ts';
import { installAppHandshake } from './app-handshake.ts';
import { type AppNamespace, type AppSocket, refused } from './app-socket.ts';
import { handleCallSteps } from './call-steps.ts';
import {
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_STALE_AFTER_MS,
  startPresenceHeartbeat,
} from './presence-heartbeat.ts';
import { handlePresenceQuery } from './presence-query.ts';
import { createQualityIntake } from './quality-intake.ts';
import { handleSignallingRelay } from './signalling-relay.ts';
import { createSocketEventWindow } from './socket-event-window.ts';

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
  }: { heartbeatMs?: number; staleAfterMs?: number } = {},
): { disconnectAll(): void; close(): Promise<void> } {
  const ns = io.of(APP_NAMESPACE) as unknown as AppNamespace;
  const ctx: CallContext = { db: deps.db, push: deps.userPush, clock };
  const quality = createQualityIntake(deps.db, log, clock);
  // A server going down drops its sockets: their calls carry on (media flows peer to peer) and end by hang-up
  // or by their timers, rather than each restart ending every call on this instance.
  let closing = false;

  const localSocketsByUser = () => {
    const counts = new Map<string, number>();
    for (const socket of ns.sockets.values())
      counts.set(socket.data.userId, (counts.get(socket.data.userId) ?? 0) + 1);
    return counts;
  };
  const { instanceId, stop: stopHeartbeat } = startPresenceHeartbeat(deps.db, log, localSocketsByUser, {
    heartbeatMs,
    staleAfterMs,
  });

  installAppHandshake(ns, deps, log, isBlocked);

  /** Whether the user still has a socket in the room, on any instance. */
  const stillIn = async (room: string, userId: string) =>
    (await ns.in(room).fetchSockets()).some((s) => s.data.userId === userId);

  ns.on('connection', (socket: AppSocket) => {
    const me = socket.data.userId;
    // The spec's 10 socket events a second per connection: an event over it is answered `rate_limited`
    // (when it asked for an answer) and never reaches its handler, so it changes nothing.
    const events = createSocketEventWindow(APP_LIMITS.socketEventsPerSecond);
    socket.use((packet, next) => {
      if (events.take()) return next();
      const ack = packet[packet.length - 1];
      if (typeof ack === 'function') ack(refused('rate_limited'));
    });
    // The disconnect's decrement waits for this socket's increment.
    const present = presenceConnected(deps.db, me, instanceId).catch((err) =>
      log.warn({ err }, 'presence not recorded'),
    );

    handleCallSteps(socket, deps, ctx, quality, log);
    handleSignallingRelay(socket);
    quality.handle(socket);
    handlePresenceQuery(socket, deps.db, log);

    socket.on('disconnect', () => {
      if (closing) return;
      const carried = [...socket.data.calls.keys()];
      for (const callId of carried) quality.drop(callId);
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
    disconnectAll() {
      closing = true;
      ns.disconnectSockets(true);
    },
    close: async () => {
      closing = true;
      await quality.stop();
      await stopHeartbeat();
    },
  };
}
