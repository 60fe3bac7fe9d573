import { APP_LIMITS } from '@switchboard/contract/account';
import {
  APP_NAMESPACE,
  type AppCall,
  CALL_REFUSALS,
  type CallAck,
  CallDescription,
  CallIceCandidate,
  CallInvite,
  CallQualityReport,
  CallRef,
  type CallRefusalCode,
  callRoom,
  PresenceQuery,
} from '@switchboard/contract/calling';
import {
  type AppClientToServerEvents,
  type AppServerToClientEvents,
  userRoom,
} from '@switchboard/contract/realtime';
import { SETTINGS_MESSAGES } from '@switchboard/contract/settings';
import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { authenticateAccount } from '../auth/authenticate.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { onlineAmong, presenceConnected, presenceDisconnected } from '../users/presence.repository.ts';
import {
  abandonCall,
  acceptCall,
  type CallContext,
  CallRefusal,
  declineCall,
  failRingingCall,
  hangUpCall,
  inviteCall,
} from './call-lifecycle.service.ts';
import { estimateMos } from './call-quality-estimate.ts';
import {
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_STALE_AFTER_MS,
  startPresenceHeartbeat,
} from './presence-heartbeat.ts';
import { createQualitySampleBuffer } from './quality-sample-buffer.ts';
import { createQualityWatches } from './quality-watches.ts';
import { createSocketEventWindow } from './socket-event-window.ts';

interface AppSocketData {
  userId: string;
  username: string;
  /** The calls this socket carries (it joined their rooms), and its side in each. */
  calls: Map<number, 'caller' | 'callee'>;
}

type AppNamespace = Namespace<
  AppClientToServerEvents,
  AppServerToClientEvents,
  Record<string, never>,
  AppSocketData
>;
type AppSocket = Socket<
  AppClientToServerEvents,
  AppServerToClientEvents,
  Record<string, never>,
  AppSocketData
>;
type Refused = { ok: false; code: CallRefusalCode; message: string };

const refused = (code: CallRefusalCode): Refused => ({ ok: false, code, message: CALL_REFUSALS[code] });

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
  const samples = createQualitySampleBuffer(deps.db, log);
  const watches = createQualityWatches(deps.db, log);
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

  const underMaintenance = async () => (await liveSettings(deps.db).get()).app.maintenance_mode;

  ns.use(async (socket, next) => {
    try {
      if (await isBlocked(socket as unknown as Socket)) return next(new Error('Access denied'));
      const token = socket.handshake.auth?.token;
      const account = await authenticateAccount(deps, typeof token === 'string' ? token : null);
      if (!account) return next(new Error('Not authenticated'));
      // Maintenance closes the app's doors, the socket as the HTTP API: no new connections, no new calls.
      if (await underMaintenance()) return next(new Error(SETTINGS_MESSAGES.maintenance));
      socket.data.userId = account.id;
      socket.data.username = account.username;
      socket.data.calls = new Map();
      // Suspending or deleting the user closes this room on every instance (userPush.disconnectUsers).
      await socket.join(userRoom(account.id));
      next();
    } catch (err) {
      log.warn({ err }, 'app socket authentication failed');
      next(new Error('Authentication unavailable'));
    }
  });

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

    /** Runs a call step and answers with the call, or with the refusal. */
    const step =
      <S extends z.ZodType>(schema: S, run: (input: z.infer<S>) => Promise<AppCall>) =>
      async (payload: unknown, ack: unknown) => {
        const reply = typeof ack === 'function' ? (ack as (r: CallAck) => void) : () => undefined;
        const parsed = schema.safeParse(payload);
        if (!parsed.success) return reply(refused('invalid'));
        try {
          reply({ ok: true, call: await run(parsed.data) });
        } catch (error) {
          if (error instanceof CallRefusal) return reply(refused(error.code));
          log.warn({ err: error }, 'call step failed');
          reply(refused('unavailable'));
        }
      };

    const carry = async (call: AppCall, side: 'caller' | 'callee') => {
      socket.data.calls.set(call.id, side);
      await socket.join(callRoom(call.id));
    };

    socket.on(
      'call_invite',
      step(CallInvite, async (input) => {
        if (await underMaintenance()) throw new CallRefusal('maintenance');
        const call = await inviteCall(ctx, me, input);
        await carry(call, 'caller');
        return call;
      }),
    );
    socket.on(
      'call_accept',
      step(CallRef, async ({ call_id }) => {
        // Maintenance began while it rang: the call fails, and says why, rather than connecting.
        if (await underMaintenance())
          throw new CallRefusal('maintenance', await failRingingCall(ctx, me, call_id, 'maintenance'));
        const call = await acceptCall(ctx, me, call_id);
        await carry(call, 'callee');
        return call;
      }),
    );
    socket.on(
      'call_decline',
      step(CallRef, ({ call_id }) => declineCall(ctx, me, call_id)),
    );
    socket.on(
      'call_hangup',
      step(CallRef, async ({ call_id }) => {
        await samples.flush();
        await watches.settled();
        watches.drop(call_id);
        return hangUpCall(ctx, me, call_id);
      }),
    );

    /**
     * Relays a signalling message to the other party's sockets in the call room. Only a socket that joined
     * the room (the caller's, or the one that answered) may send, and only the other party receives.
     */
    const relay =
      <T extends { call_id: number }>(schema: z.ZodType<T>, forward: (input: T) => void) =>
      (payload: unknown, ack: unknown) => {
        const reply =
          typeof ack === 'function' ? (ack as (r: { ok: true } | Refused) => void) : () => undefined;
        const parsed = schema.safeParse(payload);
        if (!parsed.success) return reply(refused('invalid'));
        if (!socket.data.calls.has(parsed.data.call_id) || !socket.rooms.has(callRoom(parsed.data.call_id)))
          return reply(refused('not_party'));
        forward(parsed.data);
        reply({ ok: true });
      };
    const toPeer = (callId: number) => socket.to(callRoom(callId)).except(userRoom(me));
    socket.on(
      'call_description',
      relay(CallDescription, (input) =>
        toPeer(input.call_id).emit('call_description', { ...input, from: me }),
      ),
    );
    socket.on(
      'call_ice_candidate',
      relay(CallIceCandidate, (input) =>
        toPeer(input.call_id).emit('call_ice_candidate', { ...input, from: me }),
      ),
    );

    socket.on('call_quality', (payload: unknown, ack: unknown) => {
      const reply =
        typeof ack === 'function' ? (ack as (r: { ok: true } | Refused) => void) : () => undefined;
      const parsed = CallQualityReport.safeParse(payload);
      if (!parsed.success) return reply(refused('invalid'));
      const report = parsed.data;
      const side = socket.data.calls.get(report.call_id);
      if (!side || !socket.rooms.has(callRoom(report.call_id))) return reply(refused('not_party'));
      const reading = {
        rttMs: report.rtt_ms,
        jitterMs: report.jitter_ms,
        packetLoss: report.packet_loss,
        mos: estimateMos({
          rttMs: report.rtt_ms,
          jitterMs: report.jitter_ms,
          packetLoss: report.packet_loss,
        }),
      };
      const sampledAt = clock();
      samples.add({
        callId: report.call_id,
        side,
        ...reading,
        bitrateKbps: Math.round(report.bitrate_kbps),
        codec: report.codec,
        sampledAt,
      });
      watches.add(report.call_id, side, reading, sampledAt);
      reply({ ok: true });
    });

    socket.on('presence_query', async (payload: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      const parsed = PresenceQuery.safeParse(payload);
      if (!parsed.success) return ack(refused('invalid'));
      try {
        ack({ ok: true, online: await onlineAmong(deps.db, parsed.data.user_ids) });
      } catch (err) {
        log.warn({ err }, 'presence query failed');
        ack(refused('unavailable'));
      }
    });

    socket.on('disconnect', () => {
      if (closing) return;
      const carried = [...socket.data.calls.keys()];
      for (const callId of carried) watches.drop(callId);
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
      await samples.stop();
      await watches.stop();
      await stopHeartbeat();
    },
  };
}
