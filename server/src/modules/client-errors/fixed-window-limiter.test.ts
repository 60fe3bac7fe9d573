import { describe, expect, it } from 'vitest';
import { createFixedWindowLimiter } from './fixed-window-limiter.ts';

describe('fixed-window limiter', () => {
  it('allows the limit per key per window, then asks to wait until the window ends', () => {
    let now = 1_000_000;
    const limiter = createFixedWindowLimiter({ limit: 2, windowMs: 60_000, now: () => now });
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('b')]).toEqual([0, 0, 0]);
    now += 15_000;
    expect(limiter.hit('a')).toBe(45);
    now += 45_000;
    expect(limiter.hit('a')).toBe(0);
  });
});
