/**
 * Sends queued socket events no faster than the server takes them (the spec's 10 events a second per
 * connection), a little under the limit so that network jitter cannot bunch two windows' events into one.
 * A burst (a dozen ICE candidates at once) then waits its turn instead of being refused.
 */
export function createPacedSender(perSecond: number) {
  const gapMs = 1000 / Math.max(1, perSecond - 2);
  let queue: (() => void)[] = [];
  let lastAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const drain = () => {
    timer = null;
    const wait = lastAt + gapMs - performance.now();
    if (wait > 0) {
      timer = setTimeout(drain, wait);
      return;
    }
    const job = queue.shift();
    if (!job) return;
    lastAt = performance.now();
    job();
    if (queue.length > 0) timer = setTimeout(drain, gapMs);
  };
  return {
    send(job: () => void) {
      queue.push(job);
      if (!timer) drain();
    },
    clear() {
      queue = [];
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
