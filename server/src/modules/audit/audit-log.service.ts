import type { AuditLogEntry, AuditLogPage, AuditLogQuery } from '@switchboard/contract/audit-log';
import { AUDIT_LOG_EXPORT_LIMIT } from '@switchboard/contract/audit-log';
import type { Database } from '../../db/client.ts';
import { nextCursorOf, pagePosition } from '../../db/keyset-cursor.ts';
import { COUNT_CAP, cappedTotal, readCounters } from '../../db/row-counts.ts';
import { csvCell } from '../../http/csv-cell.ts';
import { pageEnvelope } from '../../http/page-envelope.ts';
import { type AuditLogFilters, countAuditLog, hasAuditFilters, listAuditLog } from './audit.repository.ts';
import { auditDescription, auditSeverity } from './security-log-fields.ts';

/**
 * Usernames by id. The users module owns the table and sits above this one, so `app.ts` hands its
 * lookup in (users-directory.repository.ts `usernamesById`).
 */
export type UsernameLookup = (db: Database, ids: readonly string[]) => Promise<Map<string, string>>;

/** The unfiltered total from the counter; a filtered one counts up to the cap. */
export async function auditLogPage(
  db: Database,
  { usernamesById }: { usernamesById: UsernameLookup },
  query: AuditLogQuery,
): Promise<AuditLogPage> {
  const filtered = hasAuditFilters(query);
  const [logs, counted] = await Promise.all([
    listAuditLog(db, query, query.per_page, pagePosition(query)),
    filtered
      ? countAuditLog(db, query, COUNT_CAP + 1)
      : readCounters(db, ['audit_log.total']).then((c) => c['audit_log.total']),
  ]);
  const { total, totalCapped } = filtered ? cappedTotal(counted) : { total: counted, totalCapped: false };
  const isUser = (row: (typeof logs)[number]) => row.target_type === 'user' && row.target_id !== null;
  // One lookup for the page's user targets.
  const names = await usernamesById(
    db,
    logs.flatMap((row) => (isUser(row) && row.target_id ? [row.target_id] : [])),
  );
  return {
    logs: logs.map((row) => {
      const target_username = isUser(row) && row.target_id ? (names.get(row.target_id) ?? null) : null;
      return {
        ...row,
        event_type: row.action,
        description: auditDescription({ ...row, target_username }),
        severity: auditSeverity(row.action),
        target_username,
      };
    }),
    ...pageEnvelope('per_page', query, {
      total,
      totalCapped,
      nextCursor: nextCursorOf(logs, query.per_page, (row) => [row.timestamp, row.id]),
    }),
  };
}

const CSV_COLUMNS = [
  'id',
  'timestamp',
  'actor_username',
  'actor_id',
  'action',
  'severity',
  'target_type',
  'target_id',
  'ip_address',
  'user_agent',
  'before',
  'after',
] as const satisfies readonly (keyof AuditLogEntry)[];

/** The filtered log as CSV, newest first, up to the export limit. */
export async function auditLogCsv(db: Database, filters: AuditLogFilters): Promise<string> {
  const rows = await listAuditLog(db, filters, AUDIT_LOG_EXPORT_LIMIT, { after: undefined, offset: 0 });
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const cells = { ...row, severity: auditSeverity(row.action) };
    lines.push(CSV_COLUMNS.map((c) => csvCell(cells[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
