import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
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

/** A backup still `running` after this long died with its process; it no longer blocks a new one. */
const RUNNING_BACKUP_STALE = sql`interval '2 hours'`;

/**
 * Takes the backups' transaction-level advisory lock (held until `tx` ends), then tells whether a backup
 * is running: what a backup's start and the deletion of every backup both check before they write.
 */
async function lockBackupsAndFindRunning(tx: Executor): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('switchboard.backups.one_at_a_time'))`);
  const [running] = await tx
    .select({ id: backups.id })
    .from(backups)
    .where(sql`${backups.status} = 'running' and ${backups.createdAt} > now() - ${RUNNING_BACKUP_STALE}`)
    .limit(1);
  return running !== undefined;
}

/**
 * Starts a backup unless one is running: the check and the insert hold a transaction-level advisory
 * lock, so of two concurrent requests exactly one sees no running backup. Null when one is running.
 */
export async function insertRunningBackupAlone(
  tx: Executor,
  input: { filename: string; trigger: BackupRow['trigger']; createdBy: string | null },
): Promise<BackupRow | null> {
  if (await lockBackupsAndFindRunning(tx)) return null;
  return insertRunningBackup(tx, input);
}

/** Deletes the completed backups older than the newest `keep`; returns their file names. */
export async function pruneCompletedBackups(tx: Executor, keep: number): Promise<string[]> {
  const rows = await queryRows<{ filename: string }>(
    tx,
    sql`delete from ${backups} where id in (
      select id from ${backups} where status = 'completed'
      order by created_at desc, id desc offset ${keep}
    ) returning filename`,
  );
  return rows.map((r) => r.filename);
}

export async function countBackups(executor: Executor): Promise<number> {
  return executor.$count(backups);
}

/**
 * Deletes every backup row (the factory reset's default), under the same lock as a backup's start, so
 * none starts meanwhile. Null, deleting nothing, when a backup is running: its file would outlive the list.
 */
export async function deleteAllBackupsAlone(tx: Executor): Promise<string[] | null> {
  if (await lockBackupsAndFindRunning(tx)) return null;
  const rows = await tx.delete(backups).returning({ filename: backups.filename });
  return rows.map((r) => r.filename);
}

/**
 * Ends the database sessions named so (the pg_dump of an abandoned backup, whose instance died): the
 * orphaned pg_dump loses its connection and exits. How many were ended.
 */
export async function endBackupSessions(executor: Executor, applicationName: string): Promise<number> {
  const rows = await queryRows<{ ended: boolean }>(
    executor,
    sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = ${applicationName}`,
  );
  return rows.filter((r) => r.ended).length;
}
