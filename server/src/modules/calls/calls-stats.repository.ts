import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { callDailyStats, calls } from '../../db/schema/calls.ts';
import type { CallRecord } from './call-row.ts';

export interface RollupTotals {
  status: CallRecord['status'];
  calls: number;
  duration: number;
  revenue: number;
  qualitySum: number;
  qualityCount: number;
}

/** call_daily_stats summed by status over every day: a few hundred rollup rows, never the calls table. */
export async function totalsByStatus(db: Executor): Promise<RollupTotals[]> {
  const rows = await db
    .select({
      status: callDailyStats.status,
      calls: sql<string>`sum(${callDailyStats.callCount})`,
      duration: sql<string>`sum(${callDailyStats.totalDuration})`,
      revenue: sql<string>`sum(${callDailyStats.revenue})`,
      qualitySum: sql<string>`sum(${callDailyStats.qualitySum})`,
      qualityCount: sql<string>`sum(${callDailyStats.qualityCount})`,
    })
    .from(callDailyStats)
    .groupBy(callDailyStats.status);
  return rows.map((r) => ({
    status: r.status,
    calls: Number(r.calls),
    duration: Number(r.duration),
    revenue: Number(r.revenue),
    qualitySum: Number(r.qualitySum),
    qualityCount: Number(r.qualityCount),
  }));
}

export interface DailyRollup {
  day: string;
  type: CallRecord['type'];
  status: CallRecord['status'];
  calls: number;
  qualitySum: number;
  qualityCount: number;
}

export async function dailyRollups(db: Executor, sinceDay: string): Promise<DailyRollup[]> {
  const rows = await db
    .select({
      day: callDailyStats.day,
      type: callDailyStats.type,
      status: callDailyStats.status,
      calls: callDailyStats.callCount,
      qualitySum: callDailyStats.qualitySum,
      qualityCount: callDailyStats.qualityCount,
    })
    .from(callDailyStats)
    .where(and(gte(callDailyStats.day, sinceDay)))
    .orderBy(asc(callDailyStats.day));
  return rows.map((r) => ({ ...r, calls: Number(r.calls), qualityCount: Number(r.qualityCount) }));
}

/** The latest calls, over the started_at index. */
export async function recentCalls(db: Executor, limit: number) {
  return db
    .select({
      id: calls.id,
      caller: calls.callerUsername,
      callee: calls.calleeUsername,
      type: calls.type,
      status: calls.status,
      startedAt: calls.startedAt,
    })
    .from(calls)
    .orderBy(sql`${calls.startedAt} desc nulls last`, sql`${calls.id} desc nulls last`)
    .limit(limit);
}

/** Today's (UTC) rated calls below POOR_QUALITY, from the rollup. */
export async function poorQualityCallsToday(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${callDailyStats.poorQualityCount}), 0)` })
    .from(callDailyStats)
    .where(eq(callDailyStats.day, sql`(now() at time zone 'utc')::date`));
  return Number(row?.n ?? 0);
}
