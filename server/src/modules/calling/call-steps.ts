import { type AppCall, type CallAck, CallInvite, CallRef, callRoom } from '@switchboard/contract/calling';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import {
  acceptCall,
  type CallContext,
  CallRefusal,
  declineCall,
  failRingingCall,
  hangUpCall,
  inviteCall,
} from '../calls/call-lifecycle.service.ts';
import { underMaintenance } from './app-handshake.ts';
import { type AppSocket, type CallSide, refused, replyTo } from './app-socket.ts';
import type { QualityIntake } from './quality-intake.ts';

/**
 * The call lifecycle as a party drives it: invite, accept, decline, hang up. Each step answers with the
 * call as it now stands, or with the refusal's code and message. The socket that invites or accepts joins
 * the call's room, which makes it the one that may signal for its side.
 */
export function handleCallSteps(
  socket: AppSocket,
  deps: AppDeps,
  ctx: CallContext,
  quality: QualityIntake,
  log: FastifyBaseLogger,
): void {
  const me = socket.data.userId;

  const step =
    <S extends z.ZodType>(schema: S, run: (input: z.infer<S>) => Promise<AppCall>) =>
    async (payload: unknown, ack: unknown) => {
      const reply = replyTo<CallAck>(ack);
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

  const carry = async (call: AppCall, side: CallSide) => {
    socket.data.calls.set(call.id, side);
    await socket.join(callRoom(call.id));
  };

  socket.on(
    'call_invite',
    step(CallInvite, async (input) => {
      if (await underMaintenance(deps)) throw new CallRefusal('maintenance');
      const call = await inviteCall(ctx, me, input);
      await carry(call, 'caller');
      return call;
    }),
  );
  socket.on(
    'call_accept',
    step(CallRef, async ({ call_id }) => {
      // Maintenance began while it rang: the call fails, and says why, rather than connecting.
      if (await underMaintenance(deps))
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
      await quality.settle(call_id);
      return hangUpCall(ctx, me, call_id);
    }),
  );
}
