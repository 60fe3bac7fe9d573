import { describe, expect, it } from 'vitest';
import { type QualityReading, type QualityThresholds, QualityWatch } from './quality-flags.ts';

const TWILIO: QualityThresholds = { rttMs: 400, jitterMs: 30, lossPercent: 3, mos: 3.5 };
const good: QualityReading = { rttMs: 80, jitterMs: 5, packetLoss: 0.2, mos: 4.3 };
const feed = (watch: QualityWatch, readings: QualityReading[]) => readings.map((r) => watch.add(r, TWILIO));

describe('quality flags on one side of a call', () => {
  it('flags RTT over 400 ms on the third of five samples, not before', () => {
    const slow = { ...good, rttMs: 450 };
    expect(feed(new QualityWatch(), [slow, good, slow, good, slow])).toEqual([[], [], [], [], ['high_rtt']]);
  });

  it('flags jitter and MOS on 3 of the last 5, and forgets samples older than 5', () => {
    const jittery = { ...good, jitterMs: 31 };
    const poor = { ...good, mos: 3.4 };
    expect(feed(new QualityWatch(), [jittery, jittery, good, good, good, good, jittery]).flat()).toEqual([]);
    expect(feed(new QualityWatch(), [poor, poor, poor]).at(-1)).toEqual(['low_mos']);
  });

  it('flags loss on its average over 7 samples: one burst of 20% is enough, 2.9% steady is not', () => {
    const burst = [good, good, good, { ...good, packetLoss: 20 }, good, good, good];
    expect(feed(new QualityWatch(), burst).at(-1)).toEqual(['high_loss']);
    const steady = Array.from({ length: 12 }, () => ({ ...good, packetLoss: 2.9 }));
    expect(feed(new QualityWatch(), steady).flat()).toEqual([]);
  });

  it('reports a held condition once, and again only after it cleared', () => {
    const slow = { ...good, rttMs: 900 };
    const crossed = feed(new QualityWatch(), [
      slow,
      slow,
      slow,
      slow,
      slow,
      good,
      good,
      good,
      slow,
      slow,
      slow,
    ]);
    expect(crossed.flat()).toEqual(['high_rtt', 'high_rtt']);
    expect(crossed[2]).toEqual(['high_rtt']);
    expect(crossed[10]).toEqual(['high_rtt']);
  });
});
