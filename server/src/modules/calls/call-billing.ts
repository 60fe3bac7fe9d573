import { MAX_CALL_SECONDS } from '../../db/schema/calls.ts';
import type { CallRecord } from './call-row.ts';

/**
 * The billing rule every call settles by, and an active call's running cost is counted by: each started
 * minute costs the per-minute price.
 */
export const billedMinutes = (seconds: number) => Math.ceil(seconds / 60);

/** The coins `seconds` of a call cost at `perMinute` coins a started minute. */
export const coinsOwed = (seconds: number, perMinute: number) => billedMinutes(seconds) * perMinute;

/**
 * The whole seconds a call placed through the app is billed for from its answer until `until`: never
 * past its cut-off (its due time: the length cap, or when the caller's coins run out) nor the maximum.
 */
export function billedSeconds(call: Pick<CallRecord, 'answeredAt' | 'dueAt'>, until: Date): number {
  if (!call.answeredAt) return 0;
  const answered = call.answeredAt.getTime();
  const cap = MAX_CALL_SECONDS * 1000;
  const cutOff = call.dueAt ? call.dueAt.getTime() - answered : cap;
  return Math.max(0, Math.floor(Math.min(until.getTime() - answered, cutOff, cap) / 1000));
}
