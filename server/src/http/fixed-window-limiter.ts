const SWEEP_EVERY_MS = 60_000;

export interface FixedWindowLimiter {
  /** Counts one request for the key; the window it fell in, with the count so far. */
  hit(key: string, lengthMs: number): { count: number; resetAt: number };
}

/** Counts requests per key in fixed windows; a changed window length starts a new window. */
export function createFixedWindowLimiter(): FixedWindowLimiter {
  const windows = new Map<string, { count: number; resetAt: number; length: number }>();
  let nextSweep = 0;
  return {
    hit(key, lengthMs) {
      const now = Date.now();
      if (now >= nextSweep) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        nextSweep = now + SWEEP_EVERY_MS;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= now || window.length !== lengthMs) {
        window = { count: 0, resetAt: now + lengthMs, length: lengthMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window;
    },
  };
}

/** Seconds until the window ends, for Retry-After (at least 1). */
export const retryAfterSeconds = (resetAt: number) => Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
