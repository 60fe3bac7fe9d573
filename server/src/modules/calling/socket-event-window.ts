/**
 * Counts one connection's events in fixed one-second windows: `take()` says whether one more event fits in
 * the current window. A refused event is dropped, not queued, so a flood costs the server nothing but the count.
 */
export function createSocketEventWindow(perSecond: number, now: () => number = Date.now) {
  let windowStart = Number.NEGATIVE_INFINITY;
  let used = 0;
  return {
    take(): boolean {
      const at = now();
      if (at - windowStart >= 1000) {
        windowStart = at;
        used = 0;
      }
      used += 1;
      return used <= perSecond;
    },
  };
}
