import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { HealthStatus } from './monitoring.ts';

export const ActivityItem = z.object({
  id: z.string(),
  type: z.enum(['user', 'call', 'coins', 'admin']),
  details: z.string(),
  /** The user the item names, shown as a link on the username inside `details`; null when none. */
  user_id: z.string().nullable(),
  username: z.string().nullable(),
  timestamp: z.string(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

export const Dashboard = z.object({
  overview: z.object({
    total_users: z.number(),
    active_users: z.number(),
    total_calls: z.number(),
    /** Connected calls; ringing ones are in ringing_calls. */
    active_calls: z.number(),
    ringing_calls: z.number(),
    total_messages: z.number(),
    system_health: HealthStatus,
  }),
  recent_activity: z.array(ActivityItem),
  system_status: HealthStatus,
  last_updated: z.string(),
});
export type Dashboard = z.infer<typeof Dashboard>;
export const DashboardResponse = z.object({ success: z.literal(true), data: Dashboard });

export const AdminStats = z.object({
  total_messages: z.number(),
  total_calls: z.number(),
  last_updated: z.string(),
  active_connections: z.number(),
  call_quality: z.object({
    average_quality: z.number(),
    poor_quality_calls: z.number(),
    connection_issues: z.number(),
  }),
  alerts: z.number(),
});
export type AdminStats = z.infer<typeof AdminStats>;
export const AdminStatsResponse = z.object({ success: z.literal(true), data: AdminStats });

export const Analytics = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      voice: z.number(),
      video: z.number(),
      group: z.number(),
      /** Share of calls that did not fail, 0–100; null on a day without calls. */
      success_rate: z.number().nullable(),
      average_quality: z.number().nullable(),
      coins_earned: z.number(),
      coins_spent: z.number(),
    }),
  ),
});
export type Analytics = z.infer<typeof Analytics>;
export const AnalyticsResponse = z.object({ success: z.literal(true), data: Analytics });

/** The spans the analytics charts offer, in days; the first load shows ANALYTICS_DAYS. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_DAYS: AnalyticsRange = 30;

/** `?days=7|30|90` (UTC days ending today); any other value is a 400 naming `days`. */
export const AnalyticsQuery = z.object({
  days: z.coerce.number().pipe(z.literal(ANALYTICS_RANGES)).default(ANALYTICS_DAYS),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

const get = {
  method: 'GET' as const,
  tag: 'dashboard',
  access: 'admin' as const,
  permission: 'monitoring:read' as const,
};
export const dashboardEndpoints = {
  dashboard: endpoint({ ...get, path: '/admin/dashboard', response: DashboardResponse }),
  publicDashboard: endpoint({ ...get, path: '/admin/public/dashboard', response: DashboardResponse }),
  stats: endpoint({ ...get, path: '/admin/stats', response: AdminStatsResponse }),
  publicStats: endpoint({ ...get, path: '/admin/public/stats', response: AdminStatsResponse }),
  analytics: endpoint({
    ...get,
    path: '/admin/analytics',
    query: AnalyticsQuery,
    response: AnalyticsResponse,
  }),
  publicAnalytics: endpoint({
    ...get,
    path: '/admin/public/analytics',
    query: AnalyticsQuery,
    response: AnalyticsResponse,
  }),
};
