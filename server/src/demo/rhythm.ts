import { HOURLY_TRAFFIC } from '../synthetic/hourly-traffic.ts';
import type { Random } from '../synthetic/prng.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const WEEKEND = 1.3;

/**
 * A moment in [from, to) drawn with the daily and weekly rhythm of a calling app
 * (rejection sampling: about half the draws are kept).
 */
export function rhythmTime(rng: Random, from: number, to: number): number {
  for (;;) {
    const t = from + rng.next() * (to - from);
    const hour = Math.floor(t / HOUR) % 24;
    // 1970-01-01 was a Thursday: day 0 is Thursday, so Saturday and Sunday are 2 and 3.
    const weekday = Math.floor(t / DAY) % 7;
    const weight = (HOURLY_TRAFFIC[hour] as number) * (weekday === 2 || weekday === 3 ? WEEKEND : 1);
    if (rng.next() * WEEKEND < weight) return t;
  }
}

/** Orders the indexes 0..n-1 by time ascending, so ids follow time like they would in production. */
export function orderByTime(times: Float64Array): Uint32Array {
  const order = new Uint32Array(times.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return order.sort((a, b) => (times[a] as number) - (times[b] as number) || a - b);
}

export const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
