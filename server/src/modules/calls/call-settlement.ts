import { MAX_CALL_SECONDS } from '../../db/schema/calls.ts';
import { billedMinutes, coinsOwed } from './call-billing.ts';
import { CALL_RATES } from './call-rates.ts';
import type { CallRecord } from './call-row.ts';

type Settlement = Pick<
  CallRecord,
  'status' | 'duration' | 'cost' | 'coinsUsed' | 'endReason' | 'endedAt' | 'quality'
>;

/**
 * How a live call closes: a ringing call becomes missed and costs nothing; an active one ends with
 * its whole seconds (at most the maximum call length), billed per started minute at its type's rate,
 * and its quality is the mean opinion score of its samples when it has any.
 */
export function settleCall(
  call: Pick<CallRecord, 'status' | 'type' | 'startedAt' | 'quality'>,
  endedAt: Date,
  endReason: string,
  sampleMos: readonly number[] = [],
): Settlement {
  if (call.status === 'ringing')
    return {
      status: 'missed',
      duration: 0,
      cost: 0,
      coinsUsed: 0,
      endReason,
      endedAt,
      quality: call.quality,
    };
  const seconds = Math.floor((endedAt.getTime() - call.startedAt.getTime()) / 1000);
  const duration = Math.max(0, Math.min(MAX_CALL_SECONDS, seconds));
  const minutes = billedMinutes(duration);
  const rate = CALL_RATES[call.type];
  const quality = sampleMos.length
    ? Math.round((sampleMos.reduce((a, b) => a + b, 0) / sampleMos.length) * 10) / 10
    : call.quality;
  return {
    status: 'ended',
    duration,
    cost: Math.round(minutes * rate.usd * 100) / 100,
    coinsUsed: coinsOwed(duration, rate.coins),
    endReason,
    endedAt,
    quality,
  };
}
