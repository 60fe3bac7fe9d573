import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jsonRows } from '../../db/json-rows.ts';
import { queryNamed } from '../../db/named-statement.ts';
import { queryRows } from '../../db/query-rows.ts';
import { renderedOnce } from '../../db/rendered-once.ts';
import { counterSum } from '../../db/row-counts.ts';
import { type CallRangeQuery, rangeConditions } from './call-range.ts';
import type { CallRecord } from './call-row.ts';

/** Statuses of a call that was picked up. */
const ANSWERED = sql.raw(`('completed', 'ended')`);

/**
 * The all-time totals from call_totals (call_daily_stats without the day, kept by the same trigger):
 * a row per type and status, never the calls table. Sums of bigint and numeric come back as text.
 */
export const callTotalsQuery = sql`select
    coalesce(sum(call_count), 0) as calls,
    coalesce(sum(call_count) filter (where status in ${ANSWERED}), 0) as answered,
    coalesce(sum(call_count) filter (where status = 'failed'), 0) as failed,
    coalesce(sum(total_duration), 0) as duration,
    coalesce(sum(total_duration) filter (where status in ${ANSWERED}), 0) as answered_duration,
    coalesce(sum(revenue), 0) as revenue,
    coalesce(sum(coins_used), 0) as coins,
    coalesce(sum(quality_sum), 0) as quality_sum,
    coalesce(sum(quality_count), 0) as quality_count,
    coalesce(sum(flagged_count), 0) as flagged
  from call_totals`;

type Numeric = string | number;

export interface CallTotalsRecord {
  calls: Numeric;
  answered: Numeric;
  failed: Numeric;
  duration: Numeric;
  answered_duration: Numeric;
  revenue: Numeric;
  coins: Numeric;
  quality_sum: Numeric;
  quality_count: Numeric;
  flagged: Numeric;
}

const callTotalsWithActiveStatement = renderedOnce(
  sql`select t.*, ${counterSum('calls.status.active')} as active,
    ${counterSum('calls.status.ringing')} as ringing from (${callTotalsQuery}) t`,
);

/** The rollup totals with the live `calls.status.active` and `ringing` counters, in one statement. */
export async function callTotalsWithActive(db: Executor) {
  const [row] = await queryNamed<CallTotalsRecord & { active: Numeric; ringing: Numeric }>(
    db,
    callTotalsWithActiveStatement,
  );
  if (!row) throw new Error('call totals returned no row');
  return row;
}

/**
 * The same figures as callTotalsWithActive for the calls started within a range, in one pass over the
 * started_at index range (no rollup holds a quarter of an hour). `active` is the range's live calls.
 */
export const rangeTotalsQuery = (range: CallRangeQuery): SQL => sql`select
    count(*) as calls,
    count(*) filter (where status in ${ANSWERED}) as answered,
    count(*) filter (where status = 'failed') as failed,
    count(*) filter (where status = 'active') as active,
    count(*) filter (where status = 'ringing') as ringing,
    coalesce(sum(duration), 0) as duration,
    coalesce(sum(duration) filter (where status in ${ANSWERED}), 0) as answered_duration,
    coalesce(sum(cost), 0) as revenue,
    coalesce(sum(coins_used), 0) as coins,
    coalesce(sum(quality), 0) as quality_sum,
    count(quality) as quality_count,
    count(*) filter (where quality_flags <> '{}'::text[]) as flagged
  from calls where ${sql.join(rangeConditions(range), sql` and `)}`;

export async function rangeTotals(db: Executor, range: CallRangeQuery) {
  const run = range.range === 'custom' ? queryRows : queryNamed;
  const [row] = await run<CallTotalsRecord & { active: Numeric; ringing: Numeric }>(
    db,
    rangeTotalsQuery(range),
  );
  if (!row) throw new Error('range totals returned no row');
  return row;
}

/** Per UTC day from `sinceDay` on, one row per day that has calls: counts by type and outcome, quality sums. */
export const callDaysQuery = (sinceDay: string): SQL => sql`select day::text as day,
    coalesce(sum(call_count) filter (where type = 'voice'), 0) as voice,
    coalesce(sum(call_count) filter (where type = 'video'), 0) as video,
    coalesce(sum(call_count) filter (where type = 'group'), 0) as "group",
    coalesce(sum(call_count) filter (where status in ${ANSWERED}), 0) as completed,
    coalesce(sum(call_count) filter (where status = 'failed'), 0) as failed,
    sum(quality_sum) as quality_sum,
    sum(quality_count) as quality_count
  from call_daily_stats where day >= ${sinceDay}::date group by day`;

export interface CallDayRecord {
  day: string;
  voice: Numeric;
  video: Numeric;
  group: Numeric;
  completed: Numeric;
  failed: Numeric;
  quality_sum: Numeric | null;
  quality_count: Numeric | null;
}

export const callDays = (db: Executor, sinceDay: string) =>
  queryRows<CallDayRecord>(db, callDaysQuery(sinceDay));

/** Today's (UTC, by the database's clock) rated calls below POOR_QUALITY and failed calls, from the rollup. */
export const callsTodayQuery = sql`select
    coalesce(sum(poor_quality_count), 0) as poor_quality,
    coalesce(sum(call_count) filter (where status = 'failed'), 0) as failed
  from call_daily_stats where day = (now() at time zone 'utc')::date`;

/**
 * Calls started since `since`: how many, how many carry a quality flag, how many failed to connect. A range
 * over calls_started_at_idx (a few minutes of calls), never a scan.
 */
export const callsSinceQuery = (since: string): SQL => sql`select count(*) as calls,
    count(*) filter (where quality_flags <> '{}'::text[]) as flagged,
    count(*) filter (where status = 'failed') as failed
  from calls where started_at >= ${since}::timestamptz`;

export async function callsSince(db: Executor, since: Date) {
  const [row] = await queryRows<{ calls: Numeric; flagged: Numeric; failed: Numeric }>(
    db,
    callsSinceQuery(since.toISOString()),
  );
  return {
    calls: Number(row?.calls ?? 0),
    flagged: Number(row?.flagged ?? 0),
    failed: Number(row?.failed ?? 0),
  };
}

export interface RecentCallRecord {
  id: Numeric;
  caller: string | null;
  callee: string | null;
  is_anonymous: boolean;
  type: CallRecord['type'];
  status: CallRecord['status'];
  started_at: string;
}

/** The latest calls as a JSON array, over the started_at index. */
export const recentCallsJson = (limit: number) =>
  jsonRows(sql`select id, caller_username as caller, callee_username as callee, is_anonymous, type, status,
    started_at
    from calls order by started_at desc nulls last, id desc nulls last limit ${limit}`);
