/** Enough distinct clients for a busy minute; beyond it the oldest windows are forgotten first. */
const MAX_TRACKED_KEYS = 50_000;

/**
 * Counts hits per key (an IP) in fixed windows, in this process's memory. Good enough to stop
 * one client flooding an unauthenticated endpoint; it is not shared between server instances.
 */
export function createFixedWindowLimiter(options: { limit: number; windowMs: number; now?: () => number }) {
  const { limit, windowMs, now = Date.now } = options;
  const windows = new Map<string, { count: number; resetAt: number }>();

  function forgetExpired(at: number): void {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < MAX_TRACKED_KEYS) break;
      windows.delete(key);
    }
  }

  return {
    /** Counts one hit; the seconds to wait when it is over the limit, otherwise 0. */
    hit(key: string): number {
      const at = now();
      if (windows.size >= MAX_TRACKED_KEYS) forgetExpired(at);
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count > limit ? Math.ceil((window.resetAt - at) / 1000) : 0;
    },
  };
}
