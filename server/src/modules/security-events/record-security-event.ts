import type { Executor } from '../../db/client.ts';
import { type SECURITY_EVENT_TYPES, type SEVERITIES, securityEvents } from '../../db/schema/security.ts';

export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];
export type Severity = (typeof SEVERITIES)[number];

export interface SecurityEventInput {
  eventType: SecurityEventType;
  severity: Severity;
  description: string;
  ip: string | null;
  userAgent: string | null;
  userId?: string | null;
  username?: string | null;
  details?: Record<string, unknown> | null;
}

/** Appends one row to the Security screen's event list; pass a transaction to make it part of a larger change. */
export async function recordSecurityEvent(executor: Executor, event: SecurityEventInput): Promise<void> {
  await executor.insert(securityEvents).values({
    eventType: event.eventType,
    severity: event.severity,
    description: event.description.slice(0, 1000),
    ipAddress: event.ip,
    userAgent: event.userAgent,
    userId: event.userId ?? null,
    username: event.username ?? null,
    details: event.details ?? null,
  });
}
