import type { Alert, AlertEvent, MetricsSample } from '@switchboard/contract/monitoring';
import type { Database, Executor } from '../../db/client.ts';
import { dailyCallStats } from '../calls/call-statistics.service.ts';
import { callsSince } from '../calls/calls-stats.repository.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { enqueueWebhookEvent } from '../webhook-outbox/webhook-outbox.ts';
import { ALERT_RULES, type CallHealth, RECENT_CALLS_MINUTES } from './alert-rules.ts';
import * as repo from './monitoring.repository.ts';

/** Today's calls from the rollup; the last few minutes' (up to the sample's time) over the started_at index. */
async function callHealth(db: Database, at: Date): Promise<CallHealth> {
  const [[today], recent, calling] = await Promise.all([
    dailyCallStats(db, 1),
    callsSince(db, new Date(at.getTime() - RECENT_CALLS_MINUTES * 60_000)),
    liveSettings(db).section('calling'),
  ]);
  return {
    calls: today ? today.voice + today.video + today.group : 0,
    averageQuality: today?.average_quality ?? 0,
    recent: {
      calls: recent.calls,
      poorShare: recent.calls ? recent.flagged / recent.calls : 0,
      failedShare: recent.calls ? recent.failed / recent.calls : 0,
    },
    limits: {
      poorPercent: calling.alert_poor_call_percent,
      connectFailurePercent: calling.alert_connect_failure_percent,
    },
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
  const calls = await callHealth(db, new Date(sample.timestamp));
  const events: AlertEvent[] = [];
  for (const rule of ALERT_RULES) {
    const owner = rule.scope === 'instance' ? instanceId : 'cluster';
    const message = rule.check(sample, calls);
    const event = await db.transaction(async (tx) => {
      const row = message
        ? await repo.openAlert(tx, { instanceId: owner, rule: rule.rule, severity: rule.severity, message })
        : await repo.clearAlert(tx, owner, rule.rule);
      if (!row) return null;
      const changed: AlertEvent = { ...toAlert(row), state: message ? 'raised' : 'cleared' };
      // Only a change is sent, as the console shows it: a lasting condition is one alert.
      await enqueueWebhookEvent(tx, {
        type: message ? 'alert.raised' : 'alert.cleared',
        data: changed,
        alertRule: rule.rule,
        orderingKey: `alert:${owner}:${rule.rule}`,
      });
      return changed;
    });
    if (event) events.push(event);
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
