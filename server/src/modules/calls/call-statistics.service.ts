import type { CallStatistics, DailyCallStats } from '@switchboard/contract/calls';
import type { Database } from '../../db/client.ts';
import { readCounters } from '../../db/row-counts.ts';
import * as repo from './calls-stats.repository.ts';

/** Every Call statistics field from the call_daily_stats rollup and the live counters. */
export async function getCallStatistics(db: Database): Promise<CallStatistics> {
  const [byStatus, live] = await Promise.all([
    repo.totalsByStatus(db),
    readCounters(db, ['calls.status.active']),
  ]);
  const sum = (pick: (t: repo.RollupTotals) => number, only?: readonly string[]) =>
    byStatus.filter((t) => !only || only.includes(t.status)).reduce((acc, t) => acc + pick(t), 0);
  const answered = ['completed', 'ended'] as const;
  const answeredCalls = sum((t) => t.calls, answered);
  const qualityCount = sum((t) => t.qualityCount);
  return {
    total_calls: sum((t) => t.calls),
    active_calls: live['calls.status.active'],
    completed_calls: answeredCalls,
    failed_calls: sum((t) => t.calls, ['failed']),
    total_duration: sum((t) => t.duration),
    average_duration: answeredCalls ? sum((t) => t.duration, answered) / answeredCalls : 0,
    total_revenue: Math.round(sum((t) => t.revenue) * 100) / 100,
    average_quality: qualityCount ? Math.round((sum((t) => t.qualitySum) / qualityCount) * 100) / 100 : 0,
  };
}

/** The last `days` UTC days (today included), oldest first, with a zero row for a day without calls. */
export async function dailyCallStats(
  db: Database,
  days: number,
  now = new Date(),
): Promise<DailyCallStats[]> {
  const dayOf = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  const rows = await repo.dailyRollups(db, dayOf(days - 1));
  const out = new Map<string, DailyCallStats & { qs: number; qc: number }>();
  for (let i = days - 1; i >= 0; i--) {
    const day = dayOf(i);
    out.set(day, {
      day,
      voice: 0,
      video: 0,
      group: 0,
      completed: 0,
      failed: 0,
      average_quality: null,
      qs: 0,
      qc: 0,
    });
  }
  for (const r of rows) {
    const d = out.get(r.day);
    if (!d) continue;
    d[r.type] += r.calls;
    if (r.status === 'completed' || r.status === 'ended') d.completed += r.calls;
    if (r.status === 'failed') d.failed += r.calls;
    d.qs += r.qualitySum;
    d.qc += r.qualityCount;
  }
  return [...out.values()].map(({ qs, qc, ...d }) => ({
    ...d,
    average_quality: qc ? Math.round((qs / qc) * 100) / 100 : null,
  }));
}
