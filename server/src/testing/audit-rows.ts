import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema/security.ts';

/** The audit log in the order it was written, or the rows of one target: what a test of a mutation checks. */
export const auditRows = (db: Database, targetId?: string) =>
  db
    .select()
    .from(auditLog)
    .where(targetId ? eq(auditLog.targetId, targetId) : undefined)
    .orderBy(asc(auditLog.id));
