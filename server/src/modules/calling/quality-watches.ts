import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { recordCrossings } from '../calls/calls.repository.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { type QualityReading, type QualityThresholds, QualityWatch } from './quality-flags.ts';

type Side = 'caller' | 'callee';

/** A side that sent no sample for this long has left the call (samples come every 5 s). */
const IDLE_MS = 60_000;

export interface QualityWatches {
  /** Judges one sample of one side; a crossing is stored (once) in the background. */
  add(callId: number, side: Side, reading: QualityReading, at: Date): void;
  /** The call ended or this instance no longer carries it. */
  drop(callId: number): void;
  /** Waits for the crossings being written (tests, hang-up, shutdown). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export async function qualityThresholds(db: Database): Promise<QualityThresholds> {
  const calling = await liveSettings(db).section('calling');
  return {
    rttMs: calling.quality_rtt_ms,
    jitterMs: calling.quality_jitter_ms,
    lossPercent: calling.quality_loss_percent,
    mos: calling.quality_mos,
  };
}

/**
 * One QualityWatch per call side whose samples reach this instance (the instance holding that side's
 * socket), judged in arrival order: a threshold crossed writes the flag onto the call and a crossing row,
 * a rare write; samples themselves go through the sample buffer.
 */
export function createQualityWatches(db: Database, log: FastifyBaseLogger): QualityWatches {
  const watches = new Map<string, { watch: QualityWatch; chain: Promise<void>; seen: number }>();
  const key = (callId: number, side: Side) => `${callId}:${side}`;
  const writing = new Set<Promise<void>>();
  const sweep = setInterval(() => {
    const idleSince = Date.now() - IDLE_MS;
    for (const [k, w] of watches) if (w.seen < idleSince) watches.delete(k);
  }, IDLE_MS / 2);
  sweep.unref();

  return {
    add(callId, side, reading, at) {
      const k = key(callId, side);
      let entry = watches.get(k);
      if (!entry) {
        entry = { watch: new QualityWatch(), chain: Promise.resolve(), seen: Date.now() };
        watches.set(k, entry);
      }
      const { watch } = entry;
      entry.seen = Date.now();
      entry.chain = entry.chain
        .then(async () => {
          const crossed = watch.add(reading, await qualityThresholds(db));
          if (crossed.length === 0) return;
          await recordCrossings(
            db,
            crossed.map((flag) => ({ callId, side, flag, value: watch.valueOf(flag), crossedAt: at })),
          );
        })
        .catch((err) => log.warn({ err, callId }, 'call quality crossing not stored'));
      const chain = entry.chain;
      writing.add(chain);
      void chain.then(() => writing.delete(chain));
    },
    drop(callId) {
      watches.delete(key(callId, 'caller'));
      watches.delete(key(callId, 'callee'));
    },
    settled: async () => {
      await Promise.all([...writing]);
    },
    stop: async () => {
      clearInterval(sweep);
      await Promise.all([...writing]);
      watches.clear();
    },
  };
}
