import { CALL_SIDES, callQualitySamples } from '../db/schema/calls.ts';
import { Random } from '../synthetic/prng.ts';
import { insertInBatches } from './batch-insert.ts';
import type { DemoCalls } from './demo-calls.ts';
import { DAY, round } from './rhythm.ts';
import type { StageInput } from './stage.ts';

type SampleRow = typeof callQualitySamples.$inferInsert;
const MAX_SAMPLES_PER_CALL = 40;

/**
 * Media-quality reports for a share of the last day's answered calls, scattered around each call's
 * quality so the two agree.
 */
export async function seedCallQuality(input: StageInput, calls: DemoCalls): Promise<number> {
  const { now, counts } = input;
  const rng = Random.stream(input.seed, 'call-quality');
  const rows: SampleRow[] = [];
  for (let p = 0; p < calls.count; p++) {
    const quality = calls.quality[p] as number;
    if (Number.isNaN(quality)) continue;
    const end = calls.endedAt[p] as number;
    if (end < now - DAY || !rng.chance(counts.sampledCallShare)) continue;
    const start = calls.startedAt[p] as number;
    const interval = Math.max(10_000, (end - start) / MAX_SAMPLES_PER_CALL);
    // Both clients report, taking turns.
    let n = 0;
    for (let t = start + interval; t <= end; t += interval, n++) {
      const row = sample(rng, calls.ids[p] as number, quality, calls.type[p] as number, t);
      rows.push({ ...row, side: CALL_SIDES[n % 2] });
    }
  }
  await insertInBatches(input.tx, callQualitySamples, rows.length, (i) => rows[i] as SampleRow, {
    progress: (done) => input.progress(done, rows.length),
  });
  return rows.length;
}

function sample(rng: Random, callId: number, quality: number, type: number, t: number): SampleRow {
  const mos = Math.max(1, Math.min(5, quality + rng.normal() * 0.25));
  const badness = (5 - mos) / 4;
  const fullBitrate = type === 0 ? rng.int(32, 64) : rng.int(900, 2500);
  return {
    callId,
    mos: round(mos, 2),
    jitterMs: round(4 + badness * 55 + Math.abs(rng.normal()) * 3, 1),
    // Percent of packets lost.
    packetLoss: round(Math.max(0, badness * 7 + rng.normal() * 0.4), 2),
    rttMs: Math.round(35 + badness * 220 + Math.abs(rng.normal()) * 12),
    bitrateKbps: Math.round(fullBitrate * (1 - badness * 0.6)),
    sampledAt: new Date(t),
  };
}
