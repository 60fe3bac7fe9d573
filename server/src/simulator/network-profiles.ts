import type { AppCallType, CallQualityReport } from '@switchboard/contract/calling';
import type { Random } from '../synthetic/prng.ts';

/** A user's network, as the quality samples of their calls show it. */
export interface NetworkProfile {
  name: 'good_wifi' | 'congested_4g' | 'lossy_link';
  /** Share of virtual users on this network. */
  weight: number;
  rttMs: [mean: number, spread: number];
  jitterMs: [mean: number, spread: number];
  lossPercent: [mean: number, spread: number];
  /** Chance that one sample is a spike (a handover, a burst of cross traffic): three times the usual. */
  spikeChance: number;
}

/**
 * Three networks, so that most calls are clean and some cross the call-quality thresholds (RTT over
 * 400 ms, jitter over 30 ms, loss over 3 %, MOS under 3.5) now and then, as real traffic does.
 */
export const NETWORK_PROFILES: readonly NetworkProfile[] = [
  {
    name: 'good_wifi',
    weight: 70,
    rttMs: [45, 15],
    jitterMs: [4, 3],
    lossPercent: [0.2, 0.3],
    spikeChance: 0.02,
  },
  {
    name: 'congested_4g',
    weight: 20,
    rttMs: [170, 90],
    jitterMs: [18, 12],
    lossPercent: [1.2, 1.2],
    spikeChance: 0.1,
  },
  {
    name: 'lossy_link',
    weight: 10,
    rttMs: [120, 50],
    jitterMs: [32, 15],
    lossPercent: [4.5, 2.5],
    spikeChance: 0.15,
  },
];

const BITRATE_KBPS: Record<AppCallType, [mean: number, spread: number]> = {
  voice: [40, 8],
  video: [1200, 400],
};
const CODEC: Record<AppCallType, string> = { voice: 'audio/opus', video: 'video/VP8' };

const draw = (rng: Random, [mean, spread]: [number, number], scale = 1) =>
  Math.max(0, (mean + rng.normal() * spread) * scale);

/** One 5-second sample, as a real app would read it from `RTCPeerConnection.getStats()`. */
export function qualitySample(
  rng: Random,
  profile: NetworkProfile,
  callId: number,
  type: AppCallType,
): CallQualityReport {
  const spike = rng.chance(profile.spikeChance) ? 3 : 1;
  const loss = draw(rng, profile.lossPercent, spike);
  return {
    call_id: callId,
    rtt_ms: Math.round(Math.min(draw(rng, profile.rttMs, spike), 60_000)),
    jitter_ms: Math.round(Math.min(draw(rng, profile.jitterMs, spike), 60_000) * 10) / 10,
    packet_loss: Math.round(Math.min(loss, 100) * 100) / 100,
    bitrate_kbps: Math.round(draw(rng, BITRATE_KBPS[type]) * Math.max(0.2, 1 - loss / 20)),
    codec: CODEC[type],
  };
}
