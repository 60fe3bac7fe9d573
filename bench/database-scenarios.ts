// The Database Management screen at `--scale 1m`. The sample's twin is recorded from the service function
// the route calls, so it runs exactly what the server runs.
import { databaseSample } from '../server/src/modules/database/maintenance.service.ts';
import { recorded } from './repository-sql.ts';
import { LIST_TARGET, type Scenario } from './scenarios.ts';

export const databaseScenarios: Scenario[] = [
  {
    name: 'database: users and calls tabs',
    path: '/api/v1/database/sample',
    targetP99Ms: LIST_TARGET,
    sql: recorded((db) => databaseSample(db)),
  },
  // Several catalog statements (tables with exact counts of the small ones, indexes, size, last
  // backup): an admin opens it now and then, so it has a looser target and no single-statement twin.
  {
    name: 'database: overview (catalog)',
    path: '/api/v1/database/overview',
    connections: 2,
    targetP99Ms: 500,
  },
];
