import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/security.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { AdminPrincipal } from '../auth/access-token.ts';

/** `<domain>.<verb>`, e.g. 'user.create', so the log can be filtered by domain. */
export type AuditAction = `${string}.${string}`;

/**
 * One admin mutation. before/after are safe snapshots of the target (what the console shows,
 * never secrets); the request's IP and user agent go in their own columns.
 */
export interface AuditEntry {
  actor: AdminPrincipal;
  action: AuditAction;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  context: RequestContext;
}

/** Pass the transaction that makes the change, so the entry commits or rolls back with it. */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await recordAudits(executor, [entry]);
}

export async function recordAudits(executor: Executor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await executor.insert(auditLog).values(
    entries.map((e) => ({
      actorId: e.actor.id,
      actorUsername: e.actor.username,
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId,
      before: e.before ?? null,
      after: e.after ?? null,
      ipAddress: e.context.ip,
      userAgent: e.context.userAgent,
    })),
  );
}
