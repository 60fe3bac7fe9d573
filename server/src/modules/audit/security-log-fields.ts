import type { Severity } from '@switchboard/contract/security-events';

/** Actions that wipe or replace data wholesale, or create the all-powerful account. */
const CRITICAL = new Set(['system.factory_reset', 'database.restore', 'root_admin.register']);
/** Actions that remove people or data, change who may do what, or weaken a protection. */
const HIGH = new Set([
  'settings.update',
  'user.delete',
  'user.erase',
  'user.set_role',
  'role.create',
  'role.update',
  'role.delete',
  'two_factor.disable',
  'two_factor.reset',
  'ip.unblock',
]);
/** Domains whose every action changes access or money. */
const MEDIUM_DOMAINS = new Set(['user', 'session', 'ip', 'coins', 'two_factor', 'security_event', 'database']);

/** The spec's severity of a Security log row, from its action. */
export function auditSeverity(action: string): Severity {
  if (CRITICAL.has(action)) return 'critical';
  if (HIGH.has(action)) return 'high';
  if (MEDIUM_DOMAINS.has(action.split('.')[0] ?? '')) return 'medium';
  return 'low';
}

interface DescribedRow {
  actor_username: string | null;
  action: string;
  target_type: string;
  target_username: string | null;
}

/**
 * "alice did user.delete on user bob": people by name, never by id (ids are shown only in their own
 * column), other targets by their kind.
 */
export function auditDescription(row: DescribedRow): string {
  const target =
    row.target_type === 'user'
      ? `user ${row.target_username ?? '(deleted)'}`
      : row.target_type.replaceAll('_', ' ');
  return `${row.actor_username ?? 'system'} did ${row.action} on ${target}`;
}
