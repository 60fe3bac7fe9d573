/** A dashboard answer with the given recent activity, and the admin stats beside it. */
export const dashboard = (activity: unknown[]) => ({
  overview: {
    total_users: 1500,
    active_users: 42,
    total_calls: 30_000,
    active_calls: 7,
    ringing_calls: 2,
    total_messages: 880,
    system_health: 'healthy',
  },
  recent_activity: activity,
  system_status: 'healthy',
  last_updated: '2026-11-23T10:00:00.000Z',
});
export const STATS = {
  total_messages: 880,
  total_calls: 30_000,
  last_updated: '2026-11-23T10:00:00.000Z',
  active_connections: 5,
  call_quality: { average_quality: 4.1, poor_quality_calls: 2, connection_issues: 1 },
  alerts: 0,
};
