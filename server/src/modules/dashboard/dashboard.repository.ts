// Each screen's figures in one statement: scalar subqueries over counters, rollups and the newest rows
// of a few indexes, composed from the owning modules' repositories.
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { fromJson, jsonRows } from '../../db/json-rows.ts';
import { liveCountColumns } from '../../db/live-counts.ts';
import { queryNamed } from '../../db/named-statement.ts';
import { renderedOnce } from '../../db/rendered-once.ts';
import { counterSum } from '../../db/row-counts.ts';
import { type RecentAuditRecord, recentAuditJson } from '../audit/audit-recent.repository.ts';
import {
  type CallDayRecord,
  type CallTotalsRecord,
  callDaysQuery,
  callsTodayQuery,
  callTotalsQuery,
  type RecentCallRecord,
  recentCallsJson,
} from '../calls/calls-stats.repository.ts';
import {
  coinDaysQuery,
  type RecentGrantRecord,
  recentCoinGrantsJson,
} from '../coins/coins-stats.repository.ts';
import { messageCount } from '../messaging/messages-count.repository.ts';
import { openAlertCount } from '../monitoring/monitoring.repository.ts';
import { type RecentUserRecord, recentUsersJson } from '../users/users-recent.repository.ts';

type Numeric = string | number;
/** A json column: node-postgres parses it, PGlite may hand back the text. */
type Json<T> = T | string;

/** Fixed statements: each is planned once per connection (named-statement.ts). */
async function onlyRow<Row>(db: Executor, statement: SQL, what: string): Promise<Row> {
  const [row] = await queryNamed<Row>(db, statement);
  if (!row) throw new Error(`${what} returned no row`);
  return row;
}

export interface DashboardRecord {
  total_users: Numeric;
  online_users: Numeric;
  live_calls: Numeric;
  ringing_calls: Numeric;
  total_calls: Numeric;
  total_messages: Numeric;
  recent_users: Json<RecentUserRecord[]>;
  recent_calls: Json<RecentCallRecord[]>;
  recent_grants: Json<RecentGrantRecord[]>;
  recent_audit: Json<RecentAuditRecord[]>;
}

/**
 * The dashboard's counts and the newest `recent` rows of each activity. The calls total is the
 * `calls.total` counter, kept by the same statement triggers as the rollup, so it equals the rollup's sum.
 */
export const dashboardQuery = (recent: number) => sql`select
    ${counterSum('users.total')} as total_users,
    ${liveCountColumns.onlineUsers} as online_users,
    ${liveCountColumns.activeCalls} as live_calls,
    ${liveCountColumns.ringingCalls} as ringing_calls,
    ${counterSum('calls.total')} as total_calls,
    ${messageCount} as total_messages,
    ${recentUsersJson(recent)} as recent_users,
    ${recentCallsJson(recent)} as recent_calls,
    ${recentCoinGrantsJson(recent)} as recent_grants,
    ${recentAuditJson(recent)} as recent_audit`;

/** Up to this many recent items of each kind: the activity feed shows the newest of them. */
export const RECENT_ACTIVITY = 10;
const dashboardStatement = renderedOnce(dashboardQuery(RECENT_ACTIVITY));

export const dashboardFigures = (db: Executor) =>
  onlyRow<DashboardRecord>(db, dashboardStatement, 'dashboard');

/** Open alerts are counted up to this many, as the alerts list shows them. */
const OPEN_ALERTS_CAP = 100;

export interface AdminStatsRecord extends CallTotalsRecord {
  poor_quality_today: Numeric;
  failed_today: Numeric;
  total_messages: Numeric;
  open_alerts: Numeric;
}

export const adminStatsQuery = sql`select t.*, d.poor_quality as poor_quality_today, d.failed as failed_today,
    ${messageCount} as total_messages, ${openAlertCount(OPEN_ALERTS_CAP)} as open_alerts
  from (${callTotalsQuery}) t, (${callsTodayQuery}) d`;

const adminStatsStatement = renderedOnce(adminStatsQuery);

export const adminStatsFigures = (db: Executor) =>
  onlyRow<AdminStatsRecord>(db, adminStatsStatement, 'admin stats');

/** A day with coin entries but no calls has null call columns, and the reverse. */
export type AnalyticsDayRecord = { day: string } & {
  [K in Exclude<keyof CallDayRecord, 'day'>]: CallDayRecord[K] | null;
} & { earned: Numeric | null; spent: Numeric | null };

/**
 * Per UTC day from `sinceDay` on, a row for each day with calls or coin entries, as one JSON array: PGlite
 * decodes every field of a result row by row, which cost 0.3 of the 0.8 ms of the calls' 30 days × 8 columns.
 */
export const analyticsQuery = (sinceDay: string) =>
  sql`select ${jsonRows(sql`select day, c.voice, c.video,
    c."group", c.completed, c.failed, c.quality_sum, c.quality_count, k.earned, k.spent
  from (${callDaysQuery(sinceDay)}) c full join (${coinDaysQuery(sinceDay)}) k using (day)`)} as days`;

export const analyticsDays = async (db: Executor, sinceDay: string): Promise<AnalyticsDayRecord[]> =>
  fromJson(
    (await onlyRow<{ days: Json<AnalyticsDayRecord[]> }>(db, analyticsQuery(sinceDay), 'analytics')).days,
  );
