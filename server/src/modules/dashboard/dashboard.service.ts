import { anonymousCallerName } from '@switchboard/contract/calls';
import {
  type ActivityItem,
  ANALYTICS_DAYS,
  type Analytics,
  type AnalyticsRange,
  type Dashboard,
} from '@switchboard/contract/dashboard';
import type { Database } from '../../db/client.ts';
import { fromJson } from '../../db/json-rows.ts';
import { isoTimestamp } from '../../db/timestamp-text.ts';
import { averageQuality, callDaysGrid, utcDayBefore } from '../calls/call-statistics.service.ts';
import type { Monitoring } from '../monitoring/monitoring.service.ts';
import { usernamesById } from '../users/users-directory.repository.ts';
import * as repo from './dashboard.repository.ts';

interface DashboardDeps {
  /** This instance's health (as of its latest sample). */
  monitoring: Monitoring;
}

export async function readDashboard(db: Database, { monitoring }: DashboardDeps): Promise<Dashboard> {
  const [figures, health] = await Promise.all([repo.dashboardFigures(db), monitoring.latestHealth()]);
  // Admin actions name their target user by id; one lookup turns those into usernames.
  const targets = await usernamesById(
    db,
    fromJson(figures.recent_audit).flatMap((a) =>
      a.target_type === 'user' && a.target_id ? [a.target_id] : [],
    ),
  );
  return {
    overview: {
      total_users: Number(figures.total_users),
      active_users: Number(figures.online_users),
      total_calls: Number(figures.total_calls),
      active_calls: Number(figures.live_calls),
      ringing_calls: Number(figures.ringing_calls),
      total_messages: Number(figures.total_messages),
      system_health: health.status,
    },
    recent_activity: recentActivity(figures, targets),
    system_status: health.status,
    last_updated: new Date().toISOString(),
  };
}

/** New users, calls, coin grants and admin actions merged newest first. */
function recentActivity(figures: repo.DashboardRecord, usernames: Map<string, string>): ActivityItem[] {
  const noUser = { user_id: null, username: null };
  const items: ActivityItem[] = [
    ...fromJson(figures.recent_users).map((u) => ({
      id: `user-${u.id}`,
      type: 'user' as const,
      details: `New user ${u.username} signed up`,
      user_id: u.id,
      username: u.username,
      timestamp: isoTimestamp(u.created_at),
    })),
    ...fromJson(figures.recent_calls).map((c) => ({
      id: `call-${c.id}`,
      type: 'call' as const,
      details: `${c.type} call ${c.is_anonymous ? anonymousCallerName(c.caller) : (c.caller ?? 'anonymous')} → ${c.callee ?? 'anonymous'} (${c.status})`,
      ...noUser,
      timestamp: isoTimestamp(c.started_at),
    })),
    ...fromJson(figures.recent_grants).map((g) => ({
      id: `coins-${g.id}`,
      type: 'coins' as const,
      details: `${g.amount > 0 ? 'Added' : 'Removed'} ${Math.abs(g.amount)} coins ${g.amount > 0 ? 'to' : 'from'} ${g.username}`,
      user_id: g.user_id,
      username: g.user_id ? g.username : null,
      timestamp: isoTimestamp(g.created_at),
    })),
    ...fromJson(figures.recent_audit).map((a) => {
      // A user target is named by username (a removed one as "deleted user"), never by id.
      const userId = a.target_type === 'user' ? a.target_id : null;
      const username = userId ? (usernames.get(userId) ?? null) : null;
      const target = userId ? (username ?? 'deleted user') : a.target_id;
      return {
        id: `audit-${a.id}`,
        type: 'admin' as const,
        details: `${a.actor ?? 'An admin'}: ${a.action} ${a.target_type}${target ? ` ${target}` : ''}`,
        user_id: username ? userId : null,
        username,
        timestamp: isoTimestamp(a.created_at),
      };
    }),
  ];
  // ISO timestamps of one format order as plain strings (localeCompare cost more than the rest of the merge).
  return items
    .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0))
    .slice(0, repo.RECENT_ACTIVITY);
}

export async function readAdminStats(db: Database, { monitoring }: DashboardDeps) {
  const [figures, health] = await Promise.all([repo.adminStatsFigures(db), monitoring.latestHealth()]);
  return {
    total_messages: Number(figures.total_messages),
    total_calls: Number(figures.calls),
    last_updated: new Date().toISOString(),
    active_connections: health.active_connections,
    call_quality: {
      average_quality: averageQuality(Number(figures.quality_sum), Number(figures.quality_count)),
      poor_quality_calls: Number(figures.poor_quality_today),
      connection_issues: Number(figures.failed_today),
    },
    alerts: Number(figures.open_alerts),
  };
}

/** Per day over the last 30 days, from the call and coin rollups. */
/** The last `days` UTC days, today included, from the call and coin day rollups. */
export async function readAnalytics(db: Database, days: AnalyticsRange = ANALYTICS_DAYS): Promise<Analytics> {
  const now = new Date();
  const rows = await repo.analyticsDays(db, utcDayBefore(now, days - 1));
  const coinsByDay = new Map(rows.map((r) => [r.day, r]));
  return {
    days: callDaysGrid(days, now, rows).map((d) => {
      const all = d.voice + d.video + d.group;
      const coins = coinsByDay.get(d.day);
      return {
        day: d.day,
        voice: d.voice,
        video: d.video,
        group: d.group,
        success_rate: all ? Math.round(((all - d.failed) / all) * 1000) / 10 : null,
        average_quality: d.average_quality,
        coins_earned: Number(coins?.earned ?? 0),
        coins_spent: Number(coins?.spent ?? 0),
      };
    }),
  };
}
