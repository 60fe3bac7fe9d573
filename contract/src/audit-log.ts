import { z } from 'zod';
import { envelope, IsoDateTime, logsPageOf, optionalText, perPageQuery, timeRangeQuery } from './common.ts';
import { endpoint } from './endpoint.ts';
import { SEVERITIES } from './security-events.ts';

export const AUDIT_LOG_PAGE_SIZE = 20;
export const AUDIT_LOG_MESSAGES = { fetchFailed: 'Failed to fetch security logs' } as const;

/**
 * One admin mutation as the Security Logs tab lists it: the spec's Security log fields (id, event_type,
 * description, ip_address, user_agent, timestamp, severity) beside who did what to which target.
 */
export const AuditLogEntry = z.object({
  id: z.number().int(),
  /** The action, as the spec's event type ('user.delete'). */
  event_type: z.string(),
  /** One sentence: who did what to which target, by name. */
  description: z.string(),
  /** How much the action can hurt: critical (reset, restore), high (deletes, roles, settings), medium, low. */
  severity: z.enum(SEVERITIES),
  actor_id: z.string().nullable(),
  actor_username: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** When the target is a user: their username (null for any other target, or an unknown user). */
  target_username: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  timestamp: IsoDateTime,
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

export const AuditLogQuery = z.object({
  ...perPageQuery(AUDIT_LOG_PAGE_SIZE),
  /** The acting admin's username, exactly. */
  actor: optionalText(100),
  /** An action ('user.delete') or a domain prefix ending in a dot ('user.'). */
  action: optionalText(100),
  ...timeRangeQuery,
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

export const AuditLogPage = logsPageOf(AuditLogEntry);
export type AuditLogPage = z.infer<typeof AuditLogPage>;

/** Rows in one CSV export at most. */
export const AUDIT_LOG_EXPORT_LIMIT = 50_000;

export const auditLogEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/security-logs',
    tag: 'audit',
    access: 'admin',
    permission: 'safety:read',
    query: AuditLogQuery,
    response: envelope(AuditLogPage),
  }),
  /** The same filters as CSV text (newest first, up to AUDIT_LOG_EXPORT_LIMIT rows), for the browser to save. */
  exportCsv: endpoint({
    method: 'GET',
    path: '/admin/security-logs/export',
    tag: 'audit',
    access: 'admin',
    permission: 'safety:read',
    query: AuditLogQuery.omit({ page: true, per_page: true, cursor: true }),
    response: envelope(z.object({ filename: z.string(), csv: z.string() })),
  }),
};
