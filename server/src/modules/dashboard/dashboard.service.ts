import {
  type ActivityItem,
  ANALYTICS_DAYS,
  type Analytics,
  type Dashboard,
} from '@switchboard/contract/dashboard';
import type { AppDeps } from '../../app-deps.ts';
import { readCounters } from '../../db/row-counts.ts';
import { readLiveCounts } from '../../realtime/live-counts.ts';
import { recentAuditEntries } from '../audit/audit-recent.repository.ts';
import {
  callDailyRows,
  callTotals,
  poorQualityCallsLastDay,
  recentCalls,
} from '../calls/calls-daily.repository.ts';
import { dailyCoinTotals } from '../coins/coins.service.ts';
import { recentCoinGrants } from '../coins/coins-daily.repository.ts';
import { estimatedMessageCount } from '../messaging/messages-count.repository.ts';
import type { Monitoring } from '../monitoring/monitoring.service.ts';
import { recentUsers } from '../users/users-recent.repository.ts';

/** Up to this many recent activity items. */
const RECENT_ACTIVITY = 10;

export async function readDashboard(deps: AppDeps, monitoring: Monitoring): Promise<Dashboard> {
  const [counters, live, totals, messages, health, activity] = await Promise.all([
    readCounters(deps.db, ['users.total', 'users.online']),
    readLiveCounts(deps.db),
    callTotals(deps.db),
    estimatedMessageCount(deps.db),
    monitoring.detailedHealth(),
    recentActivity(deps),
  ]);
  return {
    overview: {
      total_users: counters['users.total'],
      active_users: counters['users.online'],
      total_calls: totals.calls,
      active_calls: live.activeCalls,
      total_messages: messages,
      system_health: health.status,
    },
    recent_activity: activity,
    system_status: health.status,
    last_updated: new Date().toISOString(),
  };
}

/** New users, calls, coin grants and admin actions merged newest first. */
async function recentActivity(deps: AppDeps): Promise<ActivityItem[]> {
  const [newUsers, latestCalls, grants, actions] = await Promise.all([
    recentUsers(deps.db, RECENT_ACTIVITY),
    recentCalls(deps.db, RECENT_ACTIVITY),
    recentCoinGrants(deps.db, RECENT_ACTIVITY),
    recentAuditEntries(deps.db, RECENT_ACTIVITY),
  ]);
  const items: ActivityItem[] = [
    ...newUsers.map((u) => ({
      id: `user-${u.id}`,
      type: 'user' as const,
      details: `New user ${u.username} signed up`,
      timestamp: u.createdAt.toISOString(),
    })),
    ...latestCalls.map((c) => ({
      id: `call-${c.id}`,
      type: 'call' as const,
      details: `${c.type} call ${c.caller ?? 'anonymous'} → ${c.callee ?? 'anonymous'} (${c.status})`,
      timestamp: c.startedAt.toISOString(),
    })),
    ...grants.map((g) => ({
      id: `coins-${g.id}`,
      type: 'coins' as const,
      details: `${g.amount > 0 ? 'Added' : 'Removed'} ${Math.abs(g.amount)} coins ${g.amount > 0 ? 'to' : 'from'} ${g.username}`,
      timestamp: g.created_at,
    })),
    ...actions.map((a) => ({
      id: `audit-${a.id}`,
      type: 'admin' as const,
      details: `${a.actor ?? 'An admin'}: ${a.action} ${a.targetType}${a.targetId ? ` ${a.targetId}` : ''}`,
      timestamp: a.createdAt.toISOString(),
    })),
  ];
  return items.sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, RECENT_ACTIVITY);
}

export async function readAdminStats(deps: AppDeps, monitoring: Monitoring) {
  const [totals, messages, health, poor, today, openAlerts] = await Promise.all([
    callTotals(deps.db),
    estimatedMessageCount(deps.db),
    monitoring.detailedHealth(),
    poorQualityCallsLastDay(deps.db),
    callDailyRows(deps.db, 1),
    monitoring.listAlerts({ activeOnly: true, limit: 100 }),
  ]);
  return {
    total_messages: messages,
    total_calls: totals.calls,
    last_updated: new Date().toISOString(),
    active_connections: health.active_connections,
    call_quality: {
      average_quality: Math.round(totals.averageQuality * 100) / 100,
      poor_quality_calls: poor,
      connection_issues: today.filter((r) => r.status === 'failed').reduce((n, r) => n + r.calls, 0),
    },
    alerts: openAlerts.length,
  };
}

/** Per day over the last 30 days, from the call and coin rollups. */
export async function readAnalytics(deps: AppDeps): Promise<Analytics> {
  const [callRows, coinDays] = await Promise.all([
    callDailyRows(deps.db, ANALYTICS_DAYS),
    dailyCoinTotals(deps.db, ANALYTICS_DAYS),
  ]);
  const today = new Date();
  const days: Analytics['days'] = [];
  for (let i = ANALYTICS_DAYS - 1; i >= 0; i--) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - i))
      .toISOString()
      .slice(0, 10);
    const rows = callRows.filter((r) => r.day === day);
    const count = (type: string) => rows.filter((r) => r.type === type).reduce((n, r) => n + r.calls, 0);
    const all = rows.reduce((n, r) => n + r.calls, 0);
    const failed = rows.filter((r) => r.status === 'failed').reduce((n, r) => n + r.calls, 0);
    const qualityCount = rows.reduce((n, r) => n + r.qualityCount, 0);
    const qualitySum = rows.reduce((n, r) => n + r.qualitySum, 0);
    const coins = coinDays.find((c) => c.day === day);
    days.push({
      day,
      voice: count('voice'),
      video: count('video'),
      group: count('group'),
      success_rate: all ? Math.round(((all - failed) / all) * 1000) / 10 : null,
      average_quality: qualityCount ? Math.round((qualitySum / qualityCount) * 100) / 100 : null,
      coins_earned: coins?.earned ?? 0,
      coins_spent: coins?.spent ?? 0,
    });
  }
  return { days };
}
