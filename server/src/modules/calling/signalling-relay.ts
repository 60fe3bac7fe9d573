import { CallDescription, CallIceCandidate, callRoom } from '@switchboard/contract/calling';
import { userRoom } from '@switchboard/contract/realtime';
import type { z } from 'zod';
import { type AppSocket, type Refused, refused, replyTo } from './app-socket.ts';
import type { HeardMarks } from './heard-marks.ts';

/** How long a relayed message waits for the other party's receipt, across instances, before the sender hears `unavailable`. */
export const RELAY_RECEIPT_MS = 5000;

/**
 * Relays WebRTC signalling (descriptions and ICE candidates) to the other party's sockets in the call room,
 * on whichever instance they are (the room travels through the Redis adapter). Only a socket that joined the
 * room (the caller's, or the one that answered) may send, and only the other party receives.
 */
export function handleSignallingRelay(socket: AppSocket, heard?: HeardMarks): void {
  const me = socket.data.userId;

  const relay =
    <T extends { call_id: number }>(
      schema: z.ZodType<T>,
      forward: (input: T) => Promise<readonly unknown[]>,
    ) =>
    async (payload: unknown, ack: unknown) => {
      const reply = replyTo<{ ok: true } | Refused>(ack);
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return reply(refused('invalid'));
      if (!carries(socket, parsed.data.call_id)) return reply(refused('not_party'));
      const side = socket.data.calls.get(parsed.data.call_id);
      if (side) heard?.heard(parsed.data.call_id, side);
      // `ok` only once the other party's app has it: nobody there (its socket is moving to another
      // instance) or no receipt in time (Redis is down) is `unavailable`, which the sender may retry.
      try {
        const receipts = await forward(parsed.data);
        reply(receipts.length > 0 ? { ok: true } : refused('unavailable'));
      } catch {
        reply(refused('unavailable'));
      }
    };
  // Typed loosely: socket.io's acknowledgement types do not follow a room broadcast with a time-out.
  const toPeer = (callId: number, event: 'call_description' | 'call_ice_candidate', payload: object) =>
    (
      socket.to(callRoom(callId)).except(userRoom(me)).timeout(RELAY_RECEIPT_MS) as unknown as {
        emitWithAck(event: string, payload: object): Promise<unknown[]>;
      }
    ).emitWithAck(event, payload);

  socket.on(
    'call_description',
    relay(CallDescription, (input) => toPeer(input.call_id, 'call_description', { ...input, from: me })),
  );
  socket.on(
    'call_ice_candidate',
    relay(CallIceCandidate, (input) => toPeer(input.call_id, 'call_ice_candidate', { ...input, from: me })),
  );
}

/** Whether this socket carries the call: it invited or answered it, and is still in its room. */
export function carries(socket: AppSocket, callId: number): boolean {
  return socket.data.calls.has(callId) && socket.rooms.has(callRoom(callId));
}
