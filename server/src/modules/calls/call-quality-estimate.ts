/** One interval of network figures from a client's getStats(). */
export interface NetworkFigures {
  rttMs: number;
  jitterMs: number;
  /** Percent, 0 to 100. */
  packetLoss: number;
}

/**
 * Mean opinion score (1 to 4.5) from the simplified ITU-T G.107 E-model of Cole & Rosenbluth ("Voice over
 * IP performance monitoring", ACM SIGCOMM CCR 2001), as monitoring tools commonly apply it:
 *   effective latency  Le = RTT/2 + 2·jitter + 10 ms (one-way delay, jitter buffer, codec)
 *   R = 93.2 − Le/40            when Le < 160 ms
 *   R = 93.2 − (Le − 120)/10    otherwise
 *   R = R − 2.5 · loss%         (equipment impairment of packet loss)
 *   MOS = 1 + 0.035·R + 7·10⁻⁶·R·(R − 60)·(100 − R), with R clamped to 0..100.
 */
export function estimateMos({ rttMs, jitterMs, packetLoss }: NetworkFigures): number {
  const latency = rttMs / 2 + 2 * jitterMs + 10;
  const base = latency < 160 ? 93.2 - latency / 40 : 93.2 - (latency - 120) / 10;
  const r = Math.max(0, Math.min(100, base - 2.5 * packetLoss));
  const mos = 1 + 0.035 * r + 0.000007 * r * (r - 60) * (100 - r);
  return Math.max(1, Math.min(4.5, mos));
}

/** The best MOS the E-model gives (R = 93.2 at zero impairment is ≈ 4.41; 4.5 is its ceiling). */
const MOS_CEILING = 4.5;

/**
 * A call's quality on the console's 0–5 scale: the mean MOS of its samples mapped linearly from the
 * E-model's range 1..4.5 onto 0..5, one decimal. Null without samples.
 */
export function callQualityFromMos(mean: number | null): number | null {
  if (mean === null) return null;
  const scaled = ((mean - 1) / (MOS_CEILING - 1)) * 5;
  return Math.round(Math.max(0, Math.min(5, scaled)) * 10) / 10;
}
