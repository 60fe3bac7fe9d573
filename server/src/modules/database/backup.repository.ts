import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { backups } from '../../db/schema/system.ts';

export type BackupRow = typeof backups.$inferSelect;

export async function insertRunningBackup(
  executor: Executor,
  input: { filename: string; trigger: BackupRow['trigger']; createdBy: string | null },
): Promise<BackupRow> {
  const [row] = await executor
    .insert(backups)
    .values({ ...input, status: 'running' })
    .returning();
  if (!row) throw new Error('backup insert returned nothing');
  return row;
}

export async function finishBackup(
  executor: Executor,
  id: number,
  outcome: { sizeBytes: number } | { error: string },
): Promise<BackupRow> {
  const [row] = await executor
    .update(backups)
    .set(
      'error' in outcome
        ? { status: 'failed', error: outcome.error.slice(0, 1000), completedAt: sql`now()` }
        : { status: 'completed', sizeBytes: outcome.sizeBytes, completedAt: sql`now()` },
    )
    .where(eq(backups.id, id))
    .returning();
  if (!row) throw new Error('backup vanished');
  return row;
}

/** Newest first; the list is short (one per schedule period), a LIMIT keeps it so. */
export function listBackups(executor: Executor, limit = 50): Promise<BackupRow[]> {
  return executor.select().from(backups).orderBy(desc(backups.createdAt), desc(backups.id)).limit(limit);
}

export function runningBackups(executor: Executor): Promise<BackupRow[]> {
  return executor.select().from(backups).where(eq(backups.status, 'running'));
}

export async function findBackup(executor: Executor, id: number): Promise<BackupRow | null> {
  const [row] = await executor.select().from(backups).where(eq(backups.id, id)).limit(1);
  return row ?? null;
}

export async function lastCompletedBackup(executor: Executor): Promise<BackupRow | null> {
  const [row] = await executor
    .select()
    .from(backups)
    .where(eq(backups.status, 'completed'))
    .orderBy(desc(backups.createdAt), desc(backups.id))
    .limit(1);
  return row ?? null;
}
