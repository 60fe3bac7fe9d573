import {
  CallPathReport,
  CallSetupReport,
  SETUP_REPORT_MAX_AGE_MS,
  type StoredSetupStep,
} from '@switchboard/contract/call-inspector';
import { CallDescription } from '@switchboard/contract/calling';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  type CallSide,
  recordNetworkPath,
  recordServerStep,
  recordSetupStep,
} from '../calls/call-funnel.repository.ts';
import { type AppSocket, type Refused, refused, replyTo } from './app-socket.ts';
import { carries } from './signalling-relay.ts';

export interface SetupReports {
  /** Accepts `call_setup_report` and `call_path_report` from this socket, and notes the offer and answer it relays. */
  handle(socket: AppSocket): void;
  /** A step the server itself saw (the invite, the answer): written in the background, never failing the step. */
  serverStep(callId: number, side: CallSide, step: StoredSetupStep, at: Date): void;
}

/**
 * The setup funnel's intake on `/app`: the steps the apps report (the callee's phone rang, ICE connected or
 * failed, first media) and each side's network path, plus the offer and answer SDP as they are relayed.
 * Only a party to the call may report on it; its side is the party's.
 */
export function createSetupReports(db: Database, log: FastifyBaseLogger, clock: () => Date): SetupReports {
  const written = (what: Promise<unknown>) =>
    what.catch((err) => log.warn({ err }, 'call setup step not recorded'));
  /** The app's own time of the step when it is believable, else the time it reached the server. */
  const when = (reported: string | undefined) => {
    const now = clock();
    if (!reported) return now;
    const at = new Date(reported);
    const age = now.getTime() - at.getTime();
    return age >= 0 && age <= SETUP_REPORT_MAX_AGE_MS ? at : now;
  };

  return {
    handle(socket) {
      const me = socket.data.userId;
      socket.on('call_setup_report', async (payload: unknown, ack: unknown) => {
        const reply = replyTo<{ ok: true } | Refused>(ack);
        const parsed = CallSetupReport.safeParse(payload);
        if (!parsed.success) return reply(refused('invalid'));
        const { call_id, step, at } = parsed.data;
        try {
          const side = await recordSetupStep(db, call_id, me, step, when(at));
          reply(side ? { ok: true } : refused('not_party'));
        } catch (err) {
          log.warn({ err }, 'call setup report not recorded');
          reply(refused('unavailable'));
        }
      });
      socket.on('call_path_report', async (payload: unknown, ack: unknown) => {
        const reply = replyTo<{ ok: true } | Refused>(ack);
        const parsed = CallPathReport.safeParse(payload);
        if (!parsed.success) return reply(refused('invalid'));
        try {
          const party = await recordNetworkPath(db, me, parsed.data, clock());
          reply(party ? { ok: true } : refused('not_party'));
        } catch (err) {
          log.warn({ err }, 'call path report not recorded');
          reply(refused('unavailable'));
        }
      });
      // The relay (signalling-relay.ts) forwards descriptions; this notes the first offer and answer of each side.
      socket.on('call_description', (payload: unknown) => {
        const parsed = CallDescription.safeParse(payload);
        if (!parsed.success || !carries(socket, parsed.data.call_id)) return;
        const { call_id, description } = parsed.data;
        const side = socket.data.calls.get(call_id);
        if (side && (description.type === 'offer' || description.type === 'answer'))
          void written(recordServerStep(db, call_id, side, description.type, clock()));
      });
    },
    serverStep(callId, side, step, at) {
      void written(recordServerStep(db, callId, side, step, at));
    },
  };
}
