import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Backup, DATABASE_MESSAGES } from '@switchboard/contract/database';
import { type Database, type Executor, openDatabase } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { conflict, HttpError, notFound } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { liveSettings } from '../settings/live-settings.ts';
import {
  type BackupRow,
  countBackups,
  deleteAllBackupsAlone,
  endBackupSessions,
  findBackup,
  finishBackup,
  insertRunningBackupAlone,
  listBackups,
  pruneCompletedBackups,
  runningBackups,
} from './backup.repository.ts';
import {
  BackupUnreadableError,
  backupDir,
  backupExists,
  backupFilename,
  backupFilesUsage,
  backupSessionName,
  pgRestore,
  removeBackupFiles,
  writeBackupFile,
} from './backup-files.ts';
import { backupAbandoned, holdingBackupLock } from './backup-lock.ts';
import type { DatabaseDeps } from './database-deps.ts';
import { copyTables, executorSource, KEPT_BY_WIPE, replaceRows } from './table-copy.ts';

export type { DatabaseDeps } from './database-deps.ts';

export function toBackup(row: BackupRow): Backup {
  return {
    id: String(row.id),
    filename: row.filename,
    size_bytes: row.sizeBytes,
    status: row.status,
    trigger: row.trigger,
    created_at: new Date(row.createdAt).toISOString(),
    completed_at: row.completedAt ? new Date(row.completedAt).toISOString() : null,
    error: row.error,
  };
}

export async function backupsList(db: Database): Promise<Backup[]> {
  return (await listBackups(db)).map(toBackup);
}

/**
 * Writes a backup file under DATA_DIR/backups and records it; a failure is recorded too, and
 * reported. A manual backup is audited with the admin who asked for it. An abort (the server
 * stopping) ends it failed as interrupted, with no partial file left.
 */
export async function createBackup(
  db: Database,
  deps: DatabaseDeps,
  by: { actor: AdminPrincipal; context: RequestContext } | null,
  trigger: BackupRow['trigger'] = 'manual',
  signal?: AbortSignal,
  { prune = true }: { prune?: boolean } = {},
): Promise<Backup> {
  const filename = backupFilename(deps.database.kind, new Date());
  // A backup left running by an instance that died no longer stands in the way once its lease lapsed.
  await recoverInterruptedBackups(db, deps);
  const running = await db.transaction(async (tx) => {
    const row = await insertRunningBackupAlone(tx, { filename, trigger, createdBy: by?.actor.id ?? null });
    if (!row) throw conflict(DATABASE_MESSAGES.backupRunning);
    if (by)
      await recordAudit(tx, {
        actor: by.actor,
        action: 'database.backup',
        targetType: 'backup',
        targetId: String(row.id),
        before: null,
        after: { filename, trigger },
        context: by.context,
      });
    return row;
  });
  try {
    const sizeBytes = await holdingBackupLock(deps.database, running.id, () =>
      writeBackupFile(deps.database, join(backupDir(deps), filename), signal),
    );
    const done = toBackup(await finishBackup(db, running.id, { sizeBytes }));
    if (prune) await pruneOldBackups(db, deps);
    return done;
  } catch (error) {
    const message = signal?.aborted
      ? DATABASE_MESSAGES.backupInterrupted
      : error instanceof Error
        ? error.message
        : String(error);
    await finishBackup(db, running.id, { error: message });
    if (error instanceof HttpError) throw error;
    throw new HttpError(500, DATABASE_MESSAGES.backupFailed, { detail: message });
  }
}

/** How long a just-started backup may run before it holds its writer's lock. */
export const WRITER_LOCK_GRACE_MS = 30_000;

/**
 * Backups left `running` by an instance that was killed while writing them (no live instance holds
 * their lock) are marked failed, and their partial files removed. Returns their filenames.
 */
export async function recoverInterruptedBackups(db: Database, files: DatabaseDeps): Promise<string[]> {
  const recovered: string[] = [];
  for (const row of await runningBackups(db)) {
    // A backup just started may not hold its lock yet: only one older than this can have been abandoned.
    if (Date.now() - new Date(row.createdAt).getTime() < WRITER_LOCK_GRACE_MS) continue;
    if (!(await backupAbandoned(files.database, row.id))) continue;
    // Its lease (the writer's advisory lock) lapsed with its instance: a pg_dump left behind stops now.
    if (files.database.kind === 'postgres') await endBackupSessions(db, backupSessionName(row.filename));
    await rm(join(backupDir(files), row.filename), { force: true });
    await finishBackup(db, row.id, { error: DATABASE_MESSAGES.backupInterrupted });
    recovered.push(row.filename);
  }
  return recovered;
}

export async function backupFilePath(
  db: Database,
  files: Pick<DatabaseDeps, 'dataDir' | 'backupDir'>,
  id: number,
): Promise<{ path: string; filename: string }> {
  const row = await findBackup(db, id);
  const path = row ? join(backupDir(files), row.filename) : '';
  if (row?.status !== 'completed' || !backupExists(path)) throw notFound(DATABASE_MESSAGES.backupNotFound);
  return { path, filename: row.filename };
}

/**
 * Restores a backup over the live data, after backing up the current state (which `signal` stops).
 * Returns the safety backup. `by` is null for `npm run restore`, which has no admin to audit.
 */
export async function restoreBackup(
  db: Database,
  deps: DatabaseDeps,
  id: number,
  by: { actor: AdminPrincipal; context: RequestContext } | null,
  signal?: AbortSignal,
): Promise<Backup> {
  const { path, filename } = await backupFilePath(db, deps, id);
  let safety: Backup;
  try {
    safety = await restoreFromFile(db, deps, path, by, signal);
  } catch (error) {
    if (!(error instanceof BackupUnreadableError)) throw error;
    // Marked so that nobody downloads or restores it again believing it good.
    await finishBackup(db, id, { error: DATABASE_MESSAGES.backupUnreadable });
    throw new HttpError(422, DATABASE_MESSAGES.backupUnreadable);
  }
  if (!by) return safety;
  await db.transaction((tx) =>
    recordAudit(tx, {
      actor: by.actor,
      action: 'database.restore',
      targetType: 'backup',
      targetId: String(id),
      before: { safety_backup: safety.filename },
      after: { restored: filename },
      context: by.context,
    }),
  );
  return safety;
}

/**
 * Backs up the current data, then loads the backup file at `path` over it; returns the safety backup.
 * Old backups are pruned only once the restore is over: the safety backup could otherwise push out the
 * very file being restored, when it is the oldest of `backup_keep_last`.
 */
export async function restoreFromFile(
  db: Database,
  deps: DatabaseDeps,
  path: string,
  by: { actor: AdminPrincipal; context: RequestContext } | null,
  signal?: AbortSignal,
): Promise<Backup> {
  const safety = await createBackup(db, deps, by, 'manual', signal, { prune: false });
  try {
    await restoreFileInto(db, deps, path);
  } finally {
    // A failed prune leaves one backup too many until the next backup prunes; it fails nothing.
    await pruneOldBackups(db, deps).catch(() => undefined);
  }
  return safety;
}

/**
 * Loads a backup file into `db`, replacing its rows (the backups list stays); `database` is the driver
 * handle behind `db`, whose kind and URL decide how.
 */
export async function restoreFileInto(
  db: Database,
  { database }: Pick<DatabaseDeps, 'database'>,
  path: string,
): Promise<void> {
  if (database.kind === 'postgres') {
    if (!database.url) throw new Error('no PostgreSQL URL to restore into');
    // pg_restore replaces every table; the list of backups describes files that outlive it.
    const kept = await Promise.all(KEPT_BY_WIPE.map((t) => executorSource(db).rows(t, 0, 100_000)));
    await pgRestore(database.url, path);
    // A backup made before an upgrade is brought to the current schema, the later migrations' backfills included.
    await runMigrations(database);
    await db.transaction(async (tx) => {
      for (const [i, table] of KEPT_BY_WIPE.entries()) await replaceRows(tx, table, kept[i] ?? []);
    });
    return;
  }
  // On a thread of its own, like the server's database: loading and migrating a backup takes seconds.
  const source = await openDatabase({ kind: 'pglite', image: new Blob([await readFile(path)]) }).catch(
    (error: unknown) => {
      throw new BackupUnreadableError(error instanceof Error ? error.message : String(error));
    },
  );
  try {
    // A backup made before an upgrade is brought to the current schema first, so the migrations that
    // came since fill what they derive (call_totals, the coin counters) instead of leaving it empty.
    await runMigrations(source);
    await db.transaction(async (tx) => {
      await copyTables(tx, executorSource(source.db));
    });
  } finally {
    await source.close();
  }
}

/** Keeps the newest `backup_keep_last` completed backups (Settings → Database); older rows and files go. */
async function pruneOldBackups(db: Database, deps: DatabaseDeps): Promise<void> {
  const { backup_keep_last: keep } = await liveSettings(db).section('database');
  const removed = await pruneCompletedBackups(db, keep);
  await Promise.all(removed.map((name) => rm(join(backupDir(deps), name), { force: true })));
}

/** What a factory reset would delete unless the backups are kept: the list's rows and the files. */
export async function backupsSummary(
  db: Executor,
  files: Pick<DatabaseDeps, 'dataDir' | 'backupDir'>,
): Promise<{ records: number; files: number; size_bytes: number }> {
  const usage = await backupFilesUsage(backupDir(files));
  return { records: await countBackups(db), files: usage.files, size_bytes: usage.bytes };
}

/**
 * Empties the list of backups inside the caller's transaction; answers 409 when a backup is running.
 * The caller removes the files once the transaction commits (`removeAllBackupFiles`).
 */
export async function deleteAllBackupRows(tx: Executor): Promise<string[]> {
  const removed = await deleteAllBackupsAlone(tx);
  if (!removed) throw conflict(DATABASE_MESSAGES.backupRunning);
  return removed;
}

export async function removeAllBackupFiles(
  files: Pick<DatabaseDeps, 'dataDir' | 'backupDir'>,
  names: readonly string[],
): Promise<void> {
  await removeBackupFiles(backupDir(files), names);
}
