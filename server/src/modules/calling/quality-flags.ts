import type { CallQualityFlag } from '@switchboard/contract/call-quality';

/** The four named thresholds, in the units the app reports (ms, percent, MOS 1 to 5). */
export interface QualityThresholds {
  rttMs: number;
  jitterMs: number;
  lossPercent: number;
  mos: number;
}

export interface QualityReading {
  rttMs: number;
  jitterMs: number;
  packetLoss: number;
  mos: number;
}

/**
 * Twilio's SDK warnings, as its documentation states them: RTT, jitter and MOS are judged on 3 of the last
 * 5 samples; packet loss on its average over the last 7.
 */
const RECENT = 5;
const OF_RECENT = 3;
const LOSS_AVERAGE_OVER = 7;

const countOver = (values: number[], limit: number) => values.filter((v) => v > limit).length;

function flagsOf(window: readonly QualityReading[], t: QualityThresholds): Set<CallQualityFlag> {
  const recent = window.slice(-RECENT);
  const flags = new Set<CallQualityFlag>();
  if (
    countOver(
      recent.map((r) => r.rttMs),
      t.rttMs,
    ) >= OF_RECENT
  )
    flags.add('high_rtt');
  if (
    countOver(
      recent.map((r) => r.jitterMs),
      t.jitterMs,
    ) >= OF_RECENT
  )
    flags.add('high_jitter');
  if (recent.filter((r) => r.mos < t.mos).length >= OF_RECENT) flags.add('low_mos');
  const lossWindow = window.slice(-LOSS_AVERAGE_OVER);
  if (lossWindow.length === LOSS_AVERAGE_OVER) {
    const average = lossWindow.reduce((sum, r) => sum + r.packetLoss, 0) / LOSS_AVERAGE_OVER;
    if (average > t.lossPercent) flags.add('high_loss');
  }
  return flags;
}

/**
 * One side of one live call: its last samples, and which thresholds hold now. `add` answers the flags
 * that have just been crossed (false before this sample, true after), so a condition that stays true is
 * reported once, and again only after it has cleared.
 */
export class QualityWatch {
  private readonly window: QualityReading[] = [];
  private holding = new Set<CallQualityFlag>();

  add(reading: QualityReading, thresholds: QualityThresholds): CallQualityFlag[] {
    this.window.push(reading);
    if (this.window.length > LOSS_AVERAGE_OVER) this.window.shift();
    const now = flagsOf(this.window, thresholds);
    const crossed = [...now].filter((flag) => !this.holding.has(flag));
    this.holding = now;
    return crossed;
  }

  /** The figure a flag was judged on, as of the latest sample: loss averaged over its window, else that sample's. */
  valueOf(flag: CallQualityFlag): number {
    const latest = this.window.at(-1);
    if (!latest) return 0;
    if (flag === 'high_loss')
      return this.window.reduce((sum, r) => sum + r.packetLoss, 0) / this.window.length;
    return flag === 'high_rtt' ? latest.rttMs : flag === 'high_jitter' ? latest.jitterMs : latest.mos;
  }
}
