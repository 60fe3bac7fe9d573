// The trust-and-safety lists at `--scale 1m`. Each twin is recorded from the service function the route
// calls, for the scenario's own query string, so the direct-driver comparison runs what the request runs.
import { AuditLogQuery } from '@switchboard/contract/audit-log';
import { ListSecurityEventsQuery } from '@switchboard/contract/security';
import { SystemLogsQuery } from '@switchboard/contract/system-logs';
import { ListUserReportsQuery } from '@switchboard/contract/user-reports';
import type { Database } from '../server/src/db/client.ts';
import { auditLogPage } from '../server/src/modules/audit/audit-log.service.ts';
import { listEvents } from '../server/src/modules/security/security.service.ts';
import { systemLogsPage } from '../server/src/modules/system-logs/system-logs.service.ts';
import { listReports } from '../server/src/modules/user-reports/user-reports.service.ts';
import { usernamesById } from '../server/src/modules/users/users-directory.repository.ts';
import { listScenario, type Scenario } from './scenarios.ts';

/** A message word of the demo logs that matches a few percent of them (see server/src/demo/system-logs.ts). */
const LOG_SEARCH = 'timed out';

/** A page deep in the audit log by keyset: entries older than 45 days ago (the demo log spans 90). */
const deepSortKey = new Date(Date.now() - 45 * 86_400_000).toISOString();
const deepCursor = Buffer.from(JSON.stringify([deepSortKey, '9223372036854775807'])).toString('base64url');

/** The audit list as its route serves it: with the users module's username lookup. */
const auditPage = (db: Database, query: AuditLogQuery) => auditLogPage(db, { usernamesById }, query);

export const trustScenarios: Scenario[] = [
  listScenario(
    'trust: system logs page 1',
    '/api/v1/admin/system-logs?page=1&per_page=20',
    SystemLogsQuery,
    systemLogsPage,
  ),
  listScenario(
    `trust: system logs search "${LOG_SEARCH}"`,
    `/api/v1/admin/system-logs?page=1&per_page=20&search=${encodeURIComponent(LOG_SEARCH)}`,
    SystemLogsQuery,
    systemLogsPage,
  ),
  listScenario(
    'trust: security events page 1',
    '/api/v1/security/events?page=1&per_page=20',
    ListSecurityEventsQuery,
    listEvents,
  ),
  listScenario(
    'trust: audit log page 1',
    '/api/v1/admin/security-logs?page=1&per_page=20',
    AuditLogQuery,
    auditPage,
  ),
  listScenario(
    'trust: audit log deep page (keyset)',
    `/api/v1/admin/security-logs?page=5000&per_page=20&cursor=${deepCursor}`,
    AuditLogQuery,
    auditPage,
  ),
  listScenario(
    'trust: reports page 1',
    '/api/v1/user-reports?page=1&per_page=20',
    ListUserReportsQuery,
    listReports,
  ),
];
