import { CALL_TYPES } from '../db/schema/calls.ts';
import { CALL_RATES as CALL_RATES_BY_TYPE } from '../modules/calls/call-rates.ts';

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

/** Per-minute prices, indexed like CALL_TYPES (the calls service owns them). */
export const CALL_RATES = CALL_TYPES.map((type) => CALL_RATES_BY_TYPE[type]);
