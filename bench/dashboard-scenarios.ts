// The dashboard, admin stats, analytics and call statistics at `--scale 1m`: every figure comes from
// counters and rollups, one statement per request. Each twin is recorded from the service function the
// route calls. The health half answers from this instance's latest sample, whose cluster view reads the
// instances' heartbeat rows once per sample (every 5 s), not per request: the stand-in issues nothing.
import { getCallStatistics } from '../server/src/modules/calls/call-statistics.service.ts';
import {
  readAdminStats,
  readAnalytics,
  readDashboard,
} from '../server/src/modules/dashboard/dashboard.service.ts';
import type { Monitoring } from '../server/src/modules/monitoring/monitoring.service.ts';
import { recorded } from './repository-sql.ts';
import type { Scenario } from './scenarios.ts';

const monitoring = {
  latestHealth: async () => ({ status: 'healthy', active_connections: 0 }),
} as unknown as Monitoring;

export const dashboardScenarios: Scenario[] = [
  {
    name: 'dashboard: /admin/dashboard',
    path: '/api/v1/admin/dashboard',
    targetP99Ms: 20,
    sql: recorded((db) => readDashboard(db, { monitoring })),
  },
  {
    name: 'dashboard: /admin/public/stats',
    path: '/api/v1/admin/public/stats',
    targetP99Ms: 20,
    sql: recorded((db) => readAdminStats(db, { monitoring })),
  },
  {
    name: 'dashboard: /admin/public/analytics',
    path: '/api/v1/admin/public/analytics',
    targetP99Ms: 20,
    sql: recorded((db) => readAnalytics(db)),
  },
  {
    name: 'dashboard: call statistics',
    path: '/api/v1/admin/calls/statistics',
    targetP99Ms: 20,
    sql: recorded((db) => getCallStatistics(db)),
  },
];
