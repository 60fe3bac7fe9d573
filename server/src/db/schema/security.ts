import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tstz } from './columns.ts';

export const SECURITY_EVENT_TYPES = [
  'login_failed',
  'suspicious_activity',
  'rate_limit_exceeded',
  'unauthorized_access',
  'refresh_token_reuse',
  'ip_blocked',
] as const;
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

export const securityEvents = pgTable(
  'security_events',
  {
    id: bigId(),
    eventType: text('event_type').notNull(),
    severity: text('severity', { enum: SEVERITIES }).notNull(),
    description: text('description').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id'),
    username: text('username'),
    details: jsonb('details'),
    resolved: boolean('resolved').notNull().default(false),
    resolvedAt: tstz('resolved_at'),
    resolvedBy: text('resolved_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_events_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('security_events_type_idx').on(t.eventType, t.createdAt.desc().nullsFirst()),
    index('security_events_open_idx').on(t.severity).where(sql`not ${t.resolved}`),
  ],
);

export const blockedIps = pgTable('blocked_ips', {
  ipAddress: text('ip_address').primaryKey(),
  reason: text('reason').notNull(),
  blockedBy: text('blocked_by'),
  blockedAt: createdAt(),
  expiresAt: tstz('expires_at'),
});

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
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc().nullsFirst()),
  ],
);
