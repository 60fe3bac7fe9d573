/** The first retry's delay; each later one doubles, up to MAX_DELAY_MS. */
export const BASE_DELAY_MS = 5_000;
export const MAX_DELAY_MS = 3_600_000;
/** Failures in a row that open an endpoint's circuit: its deliveries pause for CIRCUIT_OPEN_MS. */
export const CIRCUIT_FAILURES = 10;
export const CIRCUIT_OPEN_MS = 60_000;

/**
 * When to try again after `attempts` failed attempts: exponential backoff with "equal jitter" (half the
 * delay fixed, half random), so receivers coming back from an outage are not hit by every sender at once.
 */
export function retryDelayMs(attempts: number, baseMs = BASE_DELAY_MS, random = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
