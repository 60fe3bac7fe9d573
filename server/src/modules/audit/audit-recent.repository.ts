import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/security.ts';

/** The newest admin actions. */
export async function recentAuditEntries(db: Executor, limit: number) {
  return db
    .select({
      id: auditLog.id,
      actor: auditLog.actorUsername,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .orderBy(sql`${auditLog.createdAt} desc nulls last`, sql`${auditLog.id} desc nulls last`)
    .limit(limit);
}
