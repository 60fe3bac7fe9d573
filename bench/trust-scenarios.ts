// The trust-and-safety lists at `--scale 1m`, each with the SQL its repository runs, for the
// direct-driver comparison. Keep the SQL in step with the repositories of server/src/modules/
// system-logs, security, audit and user-reports (the API runs the page and its total side by side;
// here they are one statement).
import { LIST_TARGET, type Scenario } from './scenarios.ts';

/** readCounters: the sum of each named counter's shards. */
const counters = (...names: string[]) =>
  `select counter, sum(n) as n from row_counts where counter in (${names.map((n) => `'${n}'`).join(', ')})
   group by counter`;

const LOG_COLUMNS = `id, level, message, module, to_json(created_at) #>> '{}' as timestamp, user_id,
  host(ip_address) as ip_address, details`;
const logsPage = (where: string) =>
  `select ${LOG_COLUMNS} from system_logs where ${where} order by created_at desc, id desc limit 20 offset 0`;

/** A message word of the demo logs that matches a few percent of them (see server/src/demo/system-logs.ts). */
const LOG_SEARCH = 'timed out';
const logSearchWhere = `message ilike '%${LOG_SEARCH}%'`;

const EVENT_COLUMNS = `id, event_type, severity, description, host(ip_address) as ip_address, user_agent, username,
  to_json(created_at) #>> '{}' as timestamp, to_json(last_seen_at) #>> '{}' as last_seen_at, occurrences, resolved`;

const AUDIT_COLUMNS = `id, actor_id, actor_username, action, target_type, target_id, before, after,
  host(ip_address) as ip_address, user_agent, to_json(created_at) #>> '{}' as timestamp`;

/** A page deep in the audit log by keyset: entries older than 45 days ago (the demo log spans 90). */
const deepSortKey = new Date(Date.now() - 45 * 86_400_000).toISOString();
const deepCursor = Buffer.from(JSON.stringify([deepSortKey, '9223372036854775807'])).toString('base64url');

const REPORT_COLUMNS = `id, report_type, reporter_id, reported_user_id, reason, description, status,
  to_json(created_at) #>> '{}' as created_at, to_json(updated_at) #>> '{}' as updated_at, resolution_notes`;

export const trustScenarios: Scenario[] = [
  {
    name: 'trust: system logs page 1',
    path: '/api/v1/admin/system-logs?page=1&per_page=20',
    targetP99Ms: LIST_TARGET,
    sql: {
      text: `select (select sum(n) from (${counters('system_logs.total')}) c) as total, page.*
        from (${logsPage('true')}) page`,
    },
  },
  {
    name: `trust: system logs search "${LOG_SEARCH}"`,
    path: `/api/v1/admin/system-logs?page=1&per_page=20&search=${encodeURIComponent(LOG_SEARCH)}`,
    targetP99Ms: LIST_TARGET,
    sql: {
      text: `select (select count(*) from (select 1 from system_logs where ${logSearchWhere} limit 10001) capped)
          as total, page.*
        from (${logsPage(logSearchWhere)}) page`,
    },
  },
  {
    name: 'trust: security events page 1',
    path: '/api/v1/security/events?page=1&per_page=20',
    targetP99Ms: LIST_TARGET,
    sql: {
      text: `select (select sum(n) from (${counters('security_events.total')}) c) as total, page.*
        from (select ${EVENT_COLUMNS} from security_events order by id desc limit 20 offset 0) page`,
    },
  },
  {
    name: 'trust: audit log page 1',
    path: '/api/v1/admin/security-logs?page=1&per_page=20',
    targetP99Ms: LIST_TARGET,
    sql: {
      text: `select (select sum(n) from (${counters('audit_log.total')}) c) as total, page.*
        from (select ${AUDIT_COLUMNS} from audit_log order by created_at desc, id desc limit 20 offset 0) page`,
    },
  },
  {
    name: 'trust: audit log deep page (keyset)',
    path: `/api/v1/admin/security-logs?page=5000&per_page=20&cursor=${deepCursor}`,
    targetP99Ms: LIST_TARGET,
    sql: {
      text: `select (select sum(n) from (${counters('audit_log.total')}) c) as total, page.*
        from (select ${AUDIT_COLUMNS} from audit_log
          where (created_at, id) < ($1::timestamptz, 9223372036854775807::bigint)
          order by created_at desc, id desc limit 20 offset 0) page`,
      params: [deepSortKey],
    },
  },
  {
    name: 'trust: reports page 1',
    path: '/api/v1/user-reports?page=1&per_page=20',
    targetP99Ms: LIST_TARGET,
    sql: {
      text: `select (select json_object_agg(counter, n) from (${counters(
        'user_reports.total',
        'user_reports.pending',
        'user_reports.reviewed',
        'user_reports.resolved',
        'user_reports.dismissed',
      )}) c) as counters, page.*
        from (select ${REPORT_COLUMNS} from user_reports order by created_at desc, id desc limit 20 offset 0) page`,
    },
  },
];
