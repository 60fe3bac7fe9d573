import { type CallAck, CallRef, callRoom } from '@switchboard/contract/calling';
import type { FastifyBaseLogger } from 'fastify';
import type { CallContext } from '../calls/call-lifecycle.service.ts';
import { CallRefusal } from '../calls/call-lifecycle.service.ts';
import { reattachCall } from '../calls/server-lost.ts';
import { type AppSocket, refused, replyTo } from './app-socket.ts';

/**
 * `call_reattach`: a party whose socket moved to this instance (its server stopped or crashed) carries its
 * live call again from here: it joins the call's room, so signalling, quality samples and hang-up work, and
 * the call stops waiting for it. Answers the call as it stands.
 */
export function handleCallReattach(
  socket: AppSocket,
  ctx: CallContext,
  log: FastifyBaseLogger,
  accepting: () => boolean,
): void {
  const me = socket.data.userId;
  socket.on('call_reattach', async (payload: unknown, ack: unknown) => {
    const reply = replyTo<CallAck>(ack);
    const parsed = CallRef.safeParse(payload);
    if (!parsed.success) return reply(refused('invalid'));
    // A stopping instance carries nothing new: the client retries on the instance it reconnects to.
    if (!accepting()) return reply(refused('unavailable'));
    try {
      const { call, side } = await reattachCall(ctx, me, parsed.data.call_id);
      if (side) {
        socket.data.calls.set(call.id, side);
        await socket.join(callRoom(call.id));
      }
      reply({ ok: true, call });
    } catch (error) {
      if (error instanceof CallRefusal) return reply(refused(error.code));
      log.warn({ err: error }, 'call re-attach failed');
      reply(refused('unavailable'));
    }
  });
}
