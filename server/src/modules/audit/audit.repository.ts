import { and, desc, eq, gte, like, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { olderThan, type PagePosition } from '../../db/keyset-cursor.ts';
import { auditLog } from '../../db/schema/security.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import type { RequestContext } from '../../http/request-context.ts';

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

export interface AuditLogFilters {
  actor?: string | undefined;
  action?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
}

function auditWhere(filters: AuditLogFilters): SQL | undefined {
  const where: SQL[] = [];
  if (filters.actor) where.push(eq(auditLog.actorUsername, filters.actor));
  if (filters.action)
    where.push(
      filters.action.endsWith('.')
        ? like(auditLog.action, `${filters.action.replace(/[\\%_]/g, '\\$&')}%`)
        : eq(auditLog.action, filters.action),
    );
  if (filters.start) where.push(gte(auditLog.createdAt, new Date(filters.start)));
  if (filters.end) where.push(lte(auditLog.createdAt, new Date(filters.end)));
  return and(...where);
}

export const hasAuditFilters = (f: AuditLogFilters) => Boolean(f.actor || f.action || f.start || f.end);

const auditColumns = {
  id: auditLog.id,
  actor_id: auditLog.actorId,
  actor_username: auditLog.actorUsername,
  action: auditLog.action,
  target_type: auditLog.targetType,
  target_id: auditLog.targetId,
  before: auditLog.before,
  after: auditLog.after,
  ip_address: sql<string | null>`host(${auditLog.ipAddress})`,
  user_agent: auditLog.userAgent,
  timestamp: sql<string>`to_json(${auditLog.createdAt}) #>> '{}'`,
};

/**
 * Newest first, over a (created_at, id) index or an (actor|action, created_at, id) one; after the
 * cursor's (created_at, id) when there is one, else at an OFFSET.
 */
export async function listAuditLog(
  db: Executor,
  filters: AuditLogFilters,
  limit: number,
  { after, offset }: PagePosition,
) {
  return db
    .select(auditColumns)
    .from(auditLog)
    .where(and(auditWhere(filters), after && olderThan(auditLog.createdAt, auditLog.id, after)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

/** The filtered total, counting at most `cap` rows; without filters read the counter instead. */
export async function countAuditLog(db: Executor, filters: AuditLogFilters, cap: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1` }).from(auditLog).where(auditWhere(filters)).limit(cap).as('capped'));
  return Number(rows[0]?.n ?? 0);
}
