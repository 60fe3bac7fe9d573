import { CallDescription, CallIceCandidate, callRoom } from '@switchboard/contract/calling';
import { userRoom } from '@switchboard/contract/realtime';
import type { z } from 'zod';
import { type AppSocket, type Refused, refused, replyTo } from './app-socket.ts';

/**
 * Relays WebRTC signalling (descriptions and ICE candidates) to the other party's sockets in the call room,
 * on whichever instance they are (the room travels through the Redis adapter). Only a socket that joined the
 * room (the caller's, or the one that answered) may send, and only the other party receives.
 */
export function handleSignallingRelay(socket: AppSocket): void {
  const me = socket.data.userId;

  const relay =
    <T extends { call_id: number }>(schema: z.ZodType<T>, forward: (input: T) => void) =>
    (payload: unknown, ack: unknown) => {
      const reply = replyTo<{ ok: true } | Refused>(ack);
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return reply(refused('invalid'));
      if (!carries(socket, parsed.data.call_id)) return reply(refused('not_party'));
      forward(parsed.data);
      reply({ ok: true });
    };
  const toPeer = (callId: number) => socket.to(callRoom(callId)).except(userRoom(me));

  socket.on(
    'call_description',
    relay(CallDescription, (input) => toPeer(input.call_id).emit('call_description', { ...input, from: me })),
  );
  socket.on(
    'call_ice_candidate',
    relay(CallIceCandidate, (input) =>
      toPeer(input.call_id).emit('call_ice_candidate', { ...input, from: me }),
    ),
  );
}

/** Whether this socket carries the call: it invited or answered it, and is still in its room. */
export function carries(socket: AppSocket, callId: number): boolean {
  return socket.data.calls.has(callId) && socket.rooms.has(callRoom(callId));
}
