import { z } from 'zod';
import { IsoDateTime } from './common.ts';

/** How a call sounded and looked: the flags a call carries, and the samples and crossings behind them. */
/** A call carries a flag once one side's samples crossed the named threshold (see the calling settings). */
export const CALL_QUALITY_FLAGS = ['high_rtt', 'high_jitter', 'high_loss', 'low_mos'] as const;
export type CallQualityFlag = (typeof CALL_QUALITY_FLAGS)[number];
/** How the console names each flag. */
export const CALL_QUALITY_FLAG_LABELS: Record<CallQualityFlag, string> = {
  high_rtt: 'High RTT',
  high_jitter: 'High jitter',
  high_loss: 'High packet loss',
  low_mos: 'Low MOS',
};

export const CallQualitySample = z.object({
  side: z.enum(['caller', 'callee']),
  sampled_at: IsoDateTime,
  mos: z.number(),
  jitter_ms: z.number(),
  packet_loss: z.number(),
  rtt_ms: z.number(),
  bitrate_kbps: z.number().int(),
});
export type CallQualitySample = z.infer<typeof CallQualitySample>;

/** One moment a side of the call crossed a named threshold, with the value that crossed it. */
export const CallQualityCrossing = z.object({
  side: z.enum(['caller', 'callee']),
  flag: z.enum(CALL_QUALITY_FLAGS),
  crossed_at: IsoDateTime,
  /** RTT or jitter in ms, loss in percent (averaged), or the MOS. */
  value: z.number(),
});
export type CallQualityCrossing = z.infer<typeof CallQualityCrossing>;

export const CallQuality = z.object({
  samples: z.array(CallQualitySample),
  /** Each threshold crossing, oldest first. */
  crossings: z.array(CallQualityCrossing),
  /** The side whose average opinion score is lower; null without samples from both sides. */
  worse_side: z.enum(['caller', 'callee']).nullable(),
});
export type CallQuality = z.infer<typeof CallQuality>;
