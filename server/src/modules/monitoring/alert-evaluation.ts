import type { Alert, AlertEvent, MetricsSample } from '@switchboard/contract/monitoring';
import type { Database, Executor } from '../../db/client.ts';
import { dailyCallStats } from '../calls/call-statistics.service.ts';
import { ALERT_RULES, type CallHealth } from './alert-rules.ts';
import * as repo from './monitoring.repository.ts';

async function callHealthToday(db: Database): Promise<CallHealth> {
  const [today] = await dailyCallStats(db, 1);
  const calls = today ? today.voice + today.video + today.group : 0;
  return {
    calls,
    failureRate: calls && today ? today.failed / calls : 0,
    averageQuality: today?.average_quality ?? 0,
  };
}

/**
 * Checks a sample against every rule: opens an alert when a condition starts (the database keeps one
 * open row per instance and rule, so a lasting condition is not raised twice) and clears it when it ends.
 * Returns only the changes.
 */
export async function evaluateAlerts(
  db: Database,
  instanceId: string,
  sample: MetricsSample,
): Promise<AlertEvent[]> {
  const calls = await callHealthToday(db);
  const events: AlertEvent[] = [];
  for (const rule of ALERT_RULES) {
    const owner = rule.scope === 'instance' ? instanceId : 'cluster';
    const message = rule.check(sample, calls);
    const row = message
      ? await repo.openAlert(db, { instanceId: owner, rule: rule.rule, severity: rule.severity, message })
      : await repo.clearAlert(db, owner, rule.rule);
    if (row) events.push({ ...toAlert(row), state: message ? 'raised' : 'cleared' });
  }
  return events;
}

export async function listAlerts(db: Executor, options: { activeOnly: boolean; limit: number }) {
  return (await repo.listAlerts(db, options)).map(toAlert);
}

function toAlert(row: Awaited<ReturnType<typeof repo.listAlerts>>[number]): Alert {
  return {
    id: row.id,
    instance_id: row.instanceId,
    rule: row.rule,
    severity: row.severity,
    message: row.message,
    timestamp: row.raisedAt.toISOString(),
    cleared_at: row.clearedAt?.toISOString() ?? null,
  };
}
