// The dashboard, admin stats, analytics and call statistics at `--scale 1m`: every figure comes from
// counters and rollups. Each twin is recorded from the service function the route calls. The
// monitoring half answers from this instance's in-memory sample and reads the instances' heartbeat
// rows (and, for stats, the open alerts): the stand-in below issues those same reads.
import type { Database } from '../server/src/db/client.ts';
import { getCallStatistics } from '../server/src/modules/calls/call-statistics.service.ts';
import {
  readAdminStats,
  readAnalytics,
  readDashboard,
} from '../server/src/modules/dashboard/dashboard.service.ts';
import { listAlerts, listInstances } from '../server/src/modules/monitoring/monitoring.repository.ts';
import type { Monitoring } from '../server/src/modules/monitoring/monitoring.service.ts';
import { recorded } from './repository-sql.ts';
import type { Scenario } from './scenarios.ts';

const monitoringOf = (db: Database) =>
  ({
    detailedHealth: async () => {
      await listInstances(db);
      return { status: 'healthy', active_connections: 0 };
    },
    listAlerts: (options: { activeOnly: boolean; limit: number }) => listAlerts(db, options),
  }) as unknown as Monitoring;

export const dashboardScenarios: Scenario[] = [
  {
    name: 'dashboard: /admin/dashboard',
    path: '/api/v1/admin/dashboard',
    targetP99Ms: 20,
    sql: recorded((db) => readDashboard(db, { monitoring: monitoringOf(db) })),
  },
  {
    name: 'dashboard: /admin/public/stats',
    path: '/api/v1/admin/public/stats',
    targetP99Ms: 20,
    sql: recorded((db) => readAdminStats(db, { monitoring: monitoringOf(db) })),
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
