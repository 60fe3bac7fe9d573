import {
  type ActivityItem,
  ANALYTICS_DAYS,
  type Analytics,
  type Dashboard,
} from '@switchboard/contract/dashboard';
import type { Database } from '../../db/client.ts';
import { readCounters } from '../../db/row-counts.ts';
import { readLiveCounts } from '../../realtime/live-counts.ts';
import { recentAuditEntries } from '../audit/audit-recent.repository.ts';
import { dailyCallStats, getCallStatistics } from '../calls/call-statistics.service.ts';
import { poorQualityCallsToday, recentCalls } from '../calls/calls-stats.repository.ts';
import { dailyCoinTotals } from '../coins/coins.service.ts';
import { recentCoinGrants } from '../coins/coins-stats.repository.ts';
import { estimatedMessageCount } from '../messaging/messages-count.repository.ts';
import type { Monitoring } from '../monitoring/monitoring.service.ts';
import { recentUsers } from '../users/users-recent.repository.ts';

/** Up to this many recent activity items. */
const RECENT_ACTIVITY = 10;

interface DashboardDeps {
  /** This instance's health and open alerts. */
  monitoring: Monitoring;
}

export async function readDashboard(db: Database, { monitoring }: DashboardDeps): Promise<Dashboard> {
  const [counters, live, totals, messages, health, activity] = await Promise.all([
    readCounters(db, ['users.total']),
    readLiveCounts(db),
    getCallStatistics(db),
    estimatedMessageCount(db),
    monitoring.detailedHealth(),
    recentActivity(db),
  ]);
  return {
    overview: {
      total_users: counters['users.total'],
      active_users: live.onlineUsers,
      total_calls: totals.total_calls,
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
async function recentActivity(db: Database): Promise<ActivityItem[]> {
  const [newUsers, latestCalls, grants, actions] = await Promise.all([
    recentUsers(db, RECENT_ACTIVITY),
    recentCalls(db, RECENT_ACTIVITY),
    recentCoinGrants(db, RECENT_ACTIVITY),
    recentAuditEntries(db, RECENT_ACTIVITY),
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

export async function readAdminStats(db: Database, { monitoring }: DashboardDeps) {
  const [totals, messages, health, poor, [today], openAlerts] = await Promise.all([
    getCallStatistics(db),
    estimatedMessageCount(db),
    monitoring.detailedHealth(),
    poorQualityCallsToday(db),
    dailyCallStats(db, 1),
    monitoring.listAlerts({ activeOnly: true, limit: 100 }),
  ]);
  return {
    total_messages: messages,
    total_calls: totals.total_calls,
    last_updated: new Date().toISOString(),
    active_connections: health.active_connections,
    call_quality: {
      average_quality: totals.average_quality,
      poor_quality_calls: poor,
      connection_issues: today?.failed ?? 0,
    },
    alerts: openAlerts.length,
  };
}

/** Per day over the last 30 days, from the call and coin rollups. */
export async function readAnalytics(db: Database): Promise<Analytics> {
  const [callDays, coinDays] = await Promise.all([
    dailyCallStats(db, ANALYTICS_DAYS),
    dailyCoinTotals(db, ANALYTICS_DAYS),
  ]);
  const coinsByDay = new Map(coinDays.map((c) => [c.day, c]));
  return {
    days: callDays.map((d) => {
      const all = d.voice + d.video + d.group;
      const coins = coinsByDay.get(d.day);
      return {
        day: d.day,
        voice: d.voice,
        video: d.video,
        group: d.group,
        success_rate: all ? Math.round(((all - d.failed) / all) * 1000) / 10 : null,
        average_quality: d.average_quality,
        coins_earned: coins?.earned ?? 0,
        coins_spent: coins?.spent ?? 0,
      };
    }),
  };
}
