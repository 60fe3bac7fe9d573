import { SECURITY_EVENT_TYPES, SEVERITIES } from '@switchboard/contract/security-events';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, cidr, createdAt, inet, oneOf, tstz } from './columns.ts';

export { SECURITY_EVENT_TYPES, SEVERITIES };

export const securityEvents = pgTable(
  'security_events',
  {
    id: bigId(),
    eventType: text('event_type', { enum: SECURITY_EVENT_TYPES }).notNull(),
    severity: text('severity', { enum: SEVERITIES }).notNull(),
    description: text('description').notNull(),
    ipAddress: inet('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id'),
    username: text('username'),
    details: jsonb('details'),
    resolved: boolean('resolved').notNull().default(false),
    resolvedAt: tstz('resolved_at'),
    resolvedBy: text('resolved_by'),
    /** A burst of the same event from one address within the fold window is one row with a count. */
    occurrences: integer('occurrences').notNull().default(1),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_events_fold_idx')
      .on(t.eventType, t.ipAddress, t.createdAt.desc().nullsFirst())
      .where(sql`not ${t.resolved}`),
    index('security_events_severity_id_idx').on(t.severity, t.id.desc()),
    index('security_events_resolved_id_idx').on(t.resolved, t.id.desc()),
    check('security_events_occurrences_check', sql`${t.occurrences} >= 1`),
    index('security_events_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('security_events_type_idx').on(t.eventType, t.createdAt.desc().nullsFirst()),
    index('security_events_open_idx').on(t.severity).where(sql`not ${t.resolved}`),
    // The Security screen's type filter and its search by address (an address or a range, <<=), newest first.
    index('security_events_type_id_idx').on(t.eventType, t.id.desc()),
    index('security_events_ip_id_idx').using('gist', sql`${t.ipAddress} inet_ops`),
    // A user's page: the events from the addresses the user signed in from, newest first.
    index('security_events_ip_time_idx').on(t.ipAddress, t.createdAt.desc(), t.id.desc()),
    check('security_events_event_type_check', oneOf(t.eventType, SECURITY_EVENT_TYPES)),
    check('security_events_severity_check', oneOf(t.severity, SEVERITIES)),
  ],
);

/** One address (a /32 or /128) or a whole range; `where $1::inet <<= ip_address` finds the rows that cover an address. */
export const blockedIps = pgTable(
  'blocked_ips',
  {
    ipAddress: cidr('ip_address').primaryKey(),
    reason: text('reason').notNull(),
    blockedBy: text('blocked_by'),
    blockedAt: createdAt(),
    expiresAt: tstz('expires_at'),
  },
  (t) => [
    index('blocked_ips_range_idx').using('gist', sql`${t.ipAddress} inet_ops`),
    check('blocked_ips_expiry_after_block', sql`${t.expiresAt} is null or ${t.expiresAt} > ${t.blockedAt}`),
  ],
);

/** Who changed what: one row per admin mutation, with the row before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigId(),
    actorId: text('actor_id'),
    actorUsername: text('actor_username'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ipAddress: inet('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc().nullsFirst()),
    index('audit_log_time_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_time_id_idx').on(t.actorUsername, t.createdAt.desc(), t.id.desc()),
    index('audit_log_action_time_id_idx').on(t.action, t.createdAt.desc(), t.id.desc()),
  ],
);
