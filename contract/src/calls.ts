import { z } from 'zod';
import { CALL_VERDICTS } from './call-inspector.ts';
import { CALL_QUALITY_FLAGS, CallQuality } from './call-quality.ts';
import { CoinMoney, CoinValue } from './coin-value.ts';
import {
  envelope,
  FileBody,
  IsoDateTime,
  limitParam,
  optionalDateTime,
  pageFields,
  pageParam,
  searchText,
} from './common.ts';
import { endpoint } from './endpoint.ts';

export const CALL_TYPE_VALUES = ['voice', 'video', 'group'] as const;
export const CALL_STATUS_VALUES = [
  'ringing',
  'active',
  'ended',
  'completed',
  'failed',
  'missed',
  'declined',
] as const;
/** The filters the screen offers; the API accepts every stored value. */
export const CALL_STATUS_FILTERS = ['all', 'active', 'ended', 'failed', 'missed', 'ringing'] as const;
export const CALL_TYPE_FILTERS = ['all', 'voice', 'video'] as const;
export const CALLS_PAGE_SIZE = 20;

export const CALL_MESSAGES = {
  fetchFailed: 'Failed to fetch calls data',
  notFound: 'Call not found',
  alreadyEnded: 'Call has already ended',
  ended: 'Call ended',
  rangeNeedsBounds: 'A custom range needs a start (from), an end (to) or both',
  rangeBackwards: 'The end of the range must be after its start',
  rangeBoundsUnused: 'from and to apply only with range=custom',
} as const;

/** The time ranges the Calls screen offers: calls started within the last 15 minutes, hour, day or week. */
export const CALL_RANGE_VALUES = ['all', '15m', '1h', '24h', '7d', 'custom'] as const;
export type CallRange = (typeof CALL_RANGE_VALUES)[number];
/** Each preset's length in milliseconds, counted back from the moment the server answers. */
export const CALL_RANGE_MS: Record<Exclude<CallRange, 'all' | 'custom'>, number> = {
  '15m': 15 * 60_000,
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
};

/**
 * A caller who hid their identity from the callee, as an admin sees them: still marked anonymous, with
 * the username beside it so a search by that username shows why the call matched.
 */
export const anonymousCallerName = (username: string | null) =>
  username ? `Anonymous (${username})` : 'Anonymous';

/** A call as the console shows it, with the parties' usernames for display. */
export const CallRow = z.object({
  id: z.number().int(),
  caller_id: z.string().nullable(),
  callee_id: z.string().nullable(),
  caller_username: z.string().nullable(),
  callee_username: z.string().nullable(),
  status: z.enum(CALL_STATUS_VALUES),
  duration: z.number().int(),
  quality: z.number().nullable(),
  started_at: IsoDateTime,
  ended_at: IsoDateTime.nullable(),
  type: z.enum(CALL_TYPE_VALUES),
  is_anonymous: z.boolean(),
  /**
   * The stored US-dollar figure from the old fixed per-minute rates (server's call-rates.ts), kept for API
   * clients; it is not the package price. The console shows coins (`coins_used`) with `cost_value`.
   */
  cost: z.number(),
  coins_used: z.number().int(),
  created_at: IsoDateTime,
  /** Why the call ended as it did (for a failed call: why it failed); null while live and on old rows. */
  end_reason: z.string().nullable(),
  /** The quality thresholds either side crossed during the call; empty for a call without any. */
  quality_flags: z.array(z.enum(CALL_QUALITY_FLAGS)),
});
export type CallRow = z.infer<typeof CallRow>;

/**
 * A call as the console's screens get it: the stored row with what the server works out as it answers.
 * While a call is active its cost is still running: `running_coins` are the coins accrued so far by the
 * rule it will settle by, and `live_mos` the newest quality sample's MOS (either side).
 */
export const CallView = CallRow.extend({
  /** Active calls: coins accrued so far; null otherwise. */
  running_coins: z.number().int().nullable(),
  /** Active calls: the MOS of the newest quality sample (1 to 5); null otherwise or before any sample. */
  live_mos: z.number().nullable(),
  /**
   * The money value of the call's coins (`running_coins` while active, else `coins_used`) at the coin
   * value taken from the package price (docs/coin-value.md); null while no paid package is on sale.
   */
  cost_value: CoinMoney.nullable(),
});
export type CallView = z.infer<typeof CallView>;

/**
 * The time range of the list, the CSV and the stat cards: calls whose start falls in it. A preset counts
 * back from now; `custom` takes `from` and/or `to` (ISO 8601, `from` inclusive, `to` exclusive).
 */
const callRangeFields = {
  range: z.enum(CALL_RANGE_VALUES).default('all'),
  from: optionalDateTime,
  to: optionalDateTime,
};

type RangeInput = { range: CallRange; from?: string | undefined; to?: string | undefined };

/** A custom range needs a bound, its end after its start; the bounds mean nothing without it. */
function checkRange(value: RangeInput, ctx: z.RefinementCtx): void {
  if (value.range !== 'custom') {
    if (value.from !== undefined || value.to !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: [value.from !== undefined ? 'from' : 'to'],
        message: CALL_MESSAGES.rangeBoundsUnused,
      });
    return;
  }
  if (value.from === undefined && value.to === undefined)
    // On `range`: a URL that says custom and nothing more falls back to all time (parseListQuery).
    ctx.addIssue({ code: 'custom', path: ['range'], message: CALL_MESSAGES.rangeNeedsBounds });
  else if (
    value.from !== undefined &&
    value.to !== undefined &&
    Date.parse(value.to) <= Date.parse(value.from)
  )
    ctx.addIssue({ code: 'custom', path: ['to'], message: CALL_MESSAGES.rangeBackwards });
}

const ListCallsFields = z.object({
  page: pageParam,
  limit: limitParam(CALLS_PAGE_SIZE),
  search: searchText(),
  status: z.enum(['all', ...CALL_STATUS_VALUES]).default('all'),
  type: z.enum(['all', ...CALL_TYPE_VALUES]).default('all'),
  ...callRangeFields,
  /** `next_cursor` of the previous page: continues after its last row without an OFFSET. */
  cursor: z.string().max(200).optional(),
  /** `poor`: calls carrying any quality flag. */
  quality: z.enum(['all', 'poor']).default('all'),
  /** Calls carrying this quality flag. */
  flag: z.enum(CALL_QUALITY_FLAGS).optional(),
  /** Calls judged with this verdict (docs/call-verdicts.md). */
  verdict: z.enum(CALL_VERDICTS).optional(),
});

export const ListCallsQuery = ListCallsFields.superRefine(checkRange);
export type ListCallsQuery = z.infer<typeof ListCallsQuery>;

/** The stat cards' range: the same fields as the list's. */
export const CallStatisticsQuery = z.object(callRangeFields).superRefine(checkRange);
export type CallStatisticsQuery = z.infer<typeof CallStatisticsQuery>;

export const CallsPage = z.object({
  calls: z.array(CallView),
  ...pageFields,
});
export type CallsPage = z.infer<typeof CallsPage>;

/** Call statistics for the cards. Durations in seconds; `total_revenue` in USD at the old fixed rates. */
export const CallStatistics = z.object({
  total_calls: z.number().int(),
  /** Connected calls right now (not ringing; the range's, within a range). */
  active_calls: z.number().int(),
  /** Calls ringing right now, not yet answered (the range's, within a range). */
  ringing_calls: z.number().int(),
  completed_calls: z.number().int(),
  failed_calls: z.number().int(),
  total_duration: z.number().int(),
  average_duration: z.number(),
  total_revenue: z.number(),
  /** Coins spent on the calls (what the Total Revenue card shows). */
  total_coins: z.number().int(),
  /** `total_coins` in money at `coin_value`; null while no paid package is on sale. */
  revenue_value: CoinMoney.nullable(),
  /** What one coin is worth, and the package it is taken from (docs/coin-value.md). */
  coin_value: CoinValue.nullable(),
  average_quality: z.number(),
  /** Calls carrying at least one quality flag (from the rollup). */
  flagged_calls: z.number().int(),
});
export type CallStatistics = z.infer<typeof CallStatistics>;

/** One UTC day of calls by type, for charts. */
export const DailyCallStats = z.object({
  day: z.string(),
  voice: z.number().int(),
  video: z.number().int(),
  group: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  average_quality: z.number().nullable(),
});
export type DailyCallStats = z.infer<typeof DailyCallStats>;

export const CallIdParams = z.object({ id: z.coerce.number().int().positive() });

export const CallHistoryQuery = z.object({ page: pageParam, limit: limitParam(CALLS_PAGE_SIZE) });

export const ExportCallsQuery = ListCallsFields.pick({
  search: true,
  status: true,
  type: true,
  range: true,
  from: true,
  to: true,
  quality: true,
  flag: true,
  verdict: true,
}).superRefine(checkRange);
export type ExportCallsQuery = z.infer<typeof ExportCallsQuery>;

export const callsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/public/calls',
    tag: 'calls',
    access: 'admin',
    permission: 'calls:read',
    query: ListCallsQuery,
    response: envelope(CallsPage),
  }),
  statistics: endpoint({
    method: 'GET',
    path: '/admin/calls/statistics',
    tag: 'calls',
    access: 'admin',
    permission: 'calls:read',
    query: CallStatisticsQuery,
    response: envelope(CallStatistics),
  }),
  active: endpoint({
    method: 'GET',
    path: '/admin/calls/active',
    tag: 'calls',
    access: 'admin',
    permission: 'calls:read',
    response: envelope(z.object({ calls: z.array(CallView) })),
  }),
  history: endpoint({
    method: 'GET',
    path: '/admin/calls/history',
    tag: 'calls',
    access: 'admin',
    permission: 'calls:read',
    query: CallHistoryQuery,
    response: envelope(CallsPage),
  }),
  /** One call by its id (the palette's "Open call 42", a shared link to a call's details). */
  get: endpoint({
    method: 'GET',
    path: '/admin/calls/:id',
    tag: 'calls',
    access: 'admin',
    permission: 'calls:read',
    params: CallIdParams,
    response: envelope(CallView),
  }),
  quality: endpoint({
    method: 'GET',
    path: '/admin/calls/:id/quality',
    tag: 'calls',
    access: 'admin',
    permission: 'calls:read',
    params: CallIdParams,
    response: envelope(CallQuality),
  }),
  end: endpoint({
    method: 'POST',
    path: '/admin/calls/:id/end',
    tag: 'calls',
    access: 'admin',
    permission: 'calls:write',
    params: CallIdParams,
    response: envelope(CallView),
  }),
  /** The list's filters as a streamed CSV file (CALLS_EXPORT_COLUMNS), for the browser to save. */
  exportCsv: endpoint({
    method: 'GET',
    path: '/admin/calls/export.csv',
    tag: 'calls',
    access: 'admin',
    permission: 'calls:read',
    query: ExportCallsQuery,
    response: FileBody,
    file: 'text/csv; charset=utf-8',
  }),
};

/**
 * The calls CSV's columns: the list's, with the cost as coins and their money value at the coin value
 * of the export's moment (`cost_value` in the currency's main unit, e.g. 0.04, and `cost_currency`;
 * both empty while no paid package is on sale). The old fixed-rate USD `cost` is not exported.
 */
export const CALLS_EXPORT_COLUMNS = [
  'id',
  'caller_username',
  'callee_username',
  'type',
  'status',
  'duration',
  'quality',
  'coins_used',
  'cost_value',
  'cost_currency',
  'started_at',
  'ended_at',
  'end_reason',
  'quality_flags',
] as const;
