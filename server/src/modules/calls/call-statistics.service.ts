import type { CallStatistics, DailyCallStats } from '@switchboard/contract/calls';
import { moneyOfCoins } from '@switchboard/contract/coin-value';
import type { Database } from '../../db/client.ts';
import { currentCoinValue } from '../coins/coin-value.ts';
import type { CallRangeQuery } from './call-range.ts';
import * as repo from './calls-stats.repository.ts';

const roundTo2 = (n: number) => Math.round(n * 100) / 100;

/** The mean rating to two decimals, 0 while no call is rated. */
export const averageQuality = (qualitySum: number, qualityCount: number) =>
  qualityCount ? roundTo2(qualitySum / qualityCount) : 0;

/**
 * Every Call statistics field in one statement: all time from the call_totals rollup and the live
 * counter; within a range (the Calls screen's), from the calls started in it, as its list counts them.
 */
export async function getCallStatistics(
  db: Database,
  range: CallRangeQuery = { range: 'all' },
): Promise<CallStatistics> {
  const [row, coinValue] = await Promise.all([
    range.range === 'all' ? repo.callTotalsWithActive(db) : repo.rangeTotals(db, range),
    currentCoinValue(db),
  ]);
  const answered = Number(row.answered);
  const coins = Number(row.coins);
  return {
    total_calls: Number(row.calls),
    active_calls: Number(row.active),
    ringing_calls: Number(row.ringing),
    completed_calls: answered,
    failed_calls: Number(row.failed),
    total_duration: Number(row.duration),
    average_duration: answered ? Number(row.answered_duration) / answered : 0,
    total_revenue: roundTo2(Number(row.revenue)),
    total_coins: coins,
    revenue_value: moneyOfCoins(coins, coinValue),
    coin_value: coinValue,
    average_quality: averageQuality(Number(row.quality_sum), Number(row.quality_count)),
    flagged_calls: Number(row.flagged),
  };
}

/** The UTC day `offset` days before `now`, as YYYY-MM-DD. */
export const utcDayBefore = (now: Date, offset: number) =>
  new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);

/** The last `days` UTC days (today included), oldest first, with a zero row for a day without calls. */
export async function dailyCallStats(
  db: Database,
  days: number,
  now = new Date(),
): Promise<DailyCallStats[]> {
  return callDaysGrid(days, now, await repo.callDays(db, utcDayBefore(now, days - 1)));
}

/** A day's row where the call columns may be null (a day joined in from another rollup). */
type NullableCalls<Row> = { day: string } & { [K in Exclude<keyof Row, 'day'>]: Row[K] | null };

/** Rollup rows (`callDaysQuery`) laid on the grid of the last `days` UTC days; other days are dropped. */
export function callDaysGrid(
  days: number,
  now: Date,
  rows: readonly NullableCalls<repo.CallDayRecord>[],
): DailyCallStats[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const day = utcDayBefore(now, days - 1 - i);
    const r = byDay.get(day);
    const qualityCount = Number(r?.quality_count ?? 0);
    return {
      day,
      voice: Number(r?.voice ?? 0),
      video: Number(r?.video ?? 0),
      group: Number(r?.group ?? 0),
      completed: Number(r?.completed ?? 0),
      failed: Number(r?.failed ?? 0),
      average_quality: qualityCount ? roundTo2(Number(r?.quality_sum ?? 0) / qualityCount) : null,
    };
  });
}
