import { CallQualityReport } from '@switchboard/contract/calling';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { estimateMos } from '../calls/call-quality-estimate.ts';
import { type AppSocket, type Refused, refused, replyTo } from './app-socket.ts';
import { createQualitySampleBuffer } from './quality-sample-buffer.ts';
import { createQualityWatches } from './quality-watches.ts';
import { carries } from './signalling-relay.ts';

export interface QualityIntake {
  /** Accepts `call_quality` samples from this socket's calls. */
  handle(socket: AppSocket): void;
  /** Before a hang-up: the call's samples and crossings are written, and its watch is dropped. */
  settle(callId: number): Promise<void>;
  /** This instance no longer carries the call. */
  drop(callId: number): void;
  stop(): Promise<void>;
}

/**
 * Quality samples from the parties: buffered and written in batches, and judged against the calling
 * settings' thresholds per call side (only a crossing is written at once).
 */
export function createQualityIntake(db: Database, log: FastifyBaseLogger, clock: () => Date): QualityIntake {
  const samples = createQualitySampleBuffer(db, log);
  const watches = createQualityWatches(db, log);

  return {
    handle(socket) {
      socket.on('call_quality', (payload: unknown, ack: unknown) => {
        const reply = replyTo<{ ok: true } | Refused>(ack);
        const parsed = CallQualityReport.safeParse(payload);
        if (!parsed.success) return reply(refused('invalid'));
        const report = parsed.data;
        const side = socket.data.calls.get(report.call_id);
        if (!side || !carries(socket, report.call_id)) return reply(refused('not_party'));
        const network = { rttMs: report.rtt_ms, jitterMs: report.jitter_ms, packetLoss: report.packet_loss };
        const reading = { ...network, mos: estimateMos(network) };
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
    },
    async settle(callId) {
      await samples.flush();
      await watches.settled();
      watches.drop(callId);
    },
    drop: (callId) => watches.drop(callId),
    async stop() {
      await samples.stop();
      await watches.stop();
    },
  };
}
