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
const MEDIUM_DOMAINS = new Set([
  'user',
  'session',
  'ip',
  'coins',
  'two_factor',
  'security_event',
  'database',
]);

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
  target_id: string | null;
  target_username: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * "alice did user.delete on user bob": people by name, other targets by their kind and readable key
 * ("blocked ip 203.0.113.2"); a uuid is never written into the sentence.
 */
export function auditDescription(row: DescribedRow): string {
  const target =
    row.target_type === 'user'
      ? `user ${row.target_username ?? '(deleted)'}`
      : [
          row.target_type.replaceAll('_', ' '),
          row.target_id && !UUID.test(row.target_id) ? row.target_id : '',
        ]
          .join(' ')
          .trim();
  return `${row.actor_username ?? 'system'} did ${row.action} on ${target}`;
}
