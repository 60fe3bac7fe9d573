/** The calls as later generators (quality samples, coin ledger, likes) need them; typed arrays for 1M rows. */
export interface DemoCalls {
  count: number;
  ids: Float64Array;
  startedAt: Float64Array;
  /** NaN while the call is live. */
  endedAt: Float64Array;
  /** User indexes into DemoUsers; -1 when none. */
  caller: Int32Array;
  callee: Int32Array;
  /** Index into CALL_TYPES. */
  type: Uint8Array;
  /** Index into CALL_STATUSES. */
  status: Uint8Array;
  duration: Int32Array;
  coins: Int32Array;
  /** NaN when unknown. */
  quality: Float64Array;
}

/** Per-minute prices: USD and coins, billed per started minute. */
export const CALL_RATES = [
  { usd: 0.02, coins: 1 },
  { usd: 0.05, coins: 2 },
  { usd: 0.08, coins: 3 },
] as const;
