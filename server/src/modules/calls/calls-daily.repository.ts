import { and, count, desc, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { callDailyStats, calls } from '../../db/schema/calls.ts';

export interface CallDayRow {
  day: string;
  type: string;
  status: string;
  calls: number;
  qualitySum: number;
  qualityCount: number;
}

/** The call_daily_stats rollup rows of the last `days` UTC days (today included). */
export async function callDailyRows(db: Executor, days: number): Promise<CallDayRow[]> {
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
    .where(gte(callDailyStats.day, sql`(now() at time zone 'utc')::date - ${days - 1}::int`))
    .orderBy(callDailyStats.day);
  return rows.map((r) => ({ ...r, calls: Number(r.calls), qualityCount: Number(r.qualityCount) }));
}

/** All-time totals from the rollup: calls, failed calls and the average quality. */
export async function callTotals(
  db: Executor,
): Promise<{ calls: number; failed: number; averageQuality: number }> {
  const [row] = await db
    .select({
      calls: sql<string>`coalesce(sum(${callDailyStats.callCount}), 0)`,
      failed: sql<string>`coalesce(sum(${callDailyStats.callCount}) filter (where ${callDailyStats.status} = 'failed'), 0)`,
      qualitySum: sql<number>`coalesce(sum(${callDailyStats.qualitySum}), 0)`,
      qualityCount: sql<string>`coalesce(sum(${callDailyStats.qualityCount}), 0)`,
    })
    .from(callDailyStats);
  const qualityCount = Number(row?.qualityCount ?? 0);
  return {
    calls: Number(row?.calls ?? 0),
    failed: Number(row?.failed ?? 0),
    averageQuality: qualityCount > 0 ? Number(row?.qualitySum) / qualityCount : 0,
  };
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
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(limit);
}

/** Calls of the last 24 hours with quality below 3 of 5 (a range of the started_at index). */
export async function poorQualityCallsLastDay(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(calls)
    .where(and(gte(calls.startedAt, sql`now() - interval '1 day'`), lt(calls.quality, 3)));
  return row?.n ?? 0;
}
