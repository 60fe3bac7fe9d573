import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Backup,
  DATABASE_MESSAGES,
  DATABASE_TAB_ROWS,
  type DatabaseOverview,
  type DatabaseSample,
} from '@switchboard/contract/database';
import { type Database, type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { withoutStatementTimeout } from '../../db/pool-settings.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { conflict, HttpError, notFound } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { readSettingsSection } from '../settings/settings.repository.ts';
import {
  type BackupRow,
  findBackup,
  finishBackup,
  insertRunningBackupAlone,
  lastCompletedBackup,
  listBackups,
  pruneCompletedBackups,
  runningBackups,
} from './backup.repository.ts';
import {
  BackupUnreadableError,
  backupDir,
  backupExists,
  backupFilename,
  pgRestore,
  writeBackupFile,
} from './backup-files.ts';
import { backupAbandoned, holdingBackupLock } from './backup-lock.ts';
import {
  databaseSize,
  indexStats,
  runMaintenanceCommand,
  sample,
  tableStats,
} from './database.repository.ts';
import { copyTables, executorSource, KEPT_BY_WIPE, replaceRows } from './table-copy.ts';

/** What backups and maintenance need beside the database: its driver handle and where files go. */
export interface DatabaseDeps {
  database: DatabaseHandle;
  dataDir: string;
  /** BACKUP_DIR; unset means DATA_DIR/backups. */
  backupDir?: string | undefined;
}

function toBackup(row: BackupRow): Backup {
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

export async function databaseOverview(
  db: Database,
  { database }: Pick<DatabaseDeps, 'database'>,
): Promise<DatabaseOverview> {
  const [tables, indexes, size, last] = [
    await tableStats(db),
    await indexStats(db),
    await databaseSize(db),
    await lastCompletedBackup(db),
  ];
  return {
    engine: database.kind === 'pglite' ? 'pglite' : 'postgresql',
    total_tables: tables.length,
    total_records: tables.reduce((sum, t) => sum + t.records, 0),
    database_size_bytes: size,
    last_backup: last ? toBackup(last) : null,
    pool: poolStats(database),
    tables: tables.map((t) => ({
      name: t.name,
      records: t.records,
      records_estimated: t.estimated,
      size_bytes: t.sizeBytes,
      last_updated: t.lastUpdated,
    })),
    indexes: indexes.map((i) => ({
      name: i.name,
      table: i.table,
      columns: i.columns,
      unique: i.unique,
      size_bytes: i.sizeBytes,
    })),
  };
}

/** The real pool's counts; PGlite is one connection, busy or not. */
function poolStats(handle: DatabaseHandle) {
  if (handle.pool) {
    const total = handle.pool.totalCount;
    const idle = handle.pool.idleCount;
    return { active: total - idle, idle, total };
  }
  return { active: 1, idle: 0, total: 1 };
}

export async function databaseSample(db: Database): Promise<DatabaseSample> {
  const found = await sample(db, DATABASE_TAB_ROWS);
  return {
    users: {
      total: Number(found.users_total),
      rows: found.users.map((u) => ({
        id: u.id,
        username: u.username,
        full_name: u.full_name,
        email: u.email,
        is_active: u.is_active,
        is_admin: u.is_admin,
        call_count: Number(u.call_count),
        coin_balance: Number(u.coin_balance ?? 0),
        last_login: u.last_login ? new Date(u.last_login).toISOString() : null,
      })),
    },
    calls: {
      total: Number(found.calls_total),
      rows: found.calls.map((c) => ({
        id: c.id,
        caller: c.caller ?? '',
        callee: c.callee ?? '',
        type: c.type,
        status: c.status,
        duration: Number(c.duration),
        cost: Number(c.coins_used),
      })),
    },
  };
}

export async function backupsList(db: Database): Promise<Backup[]> {
  return (await listBackups(db)).map(toBackup);
}

/**
 * Writes a backup file under DATA_DIR/backups and records it; a failure is recorded too, and
 * reported. A manual backup is audited with the admin who asked for it.
 */
export async function createBackup(
  db: Database,
  deps: DatabaseDeps,
  by: { actor: AdminPrincipal; context: RequestContext } | null,
  trigger: BackupRow['trigger'] = 'manual',
  signal?: AbortSignal,
): Promise<Backup> {
  const filename = backupFilename(deps.database.kind, new Date());
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
    await pruneOldBackups(db, deps);
    return done;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finishBackup(db, running.id, { error: message });
    if (error instanceof HttpError) throw error;
    throw new HttpError(500, DATABASE_MESSAGES.backupFailed, { detail: message });
  }
}

/**
 * Backups left `running` by an instance that was killed while writing them (no live instance holds
 * their lock) are marked failed, and their partial files removed. Returns their filenames.
 */
export async function recoverInterruptedBackups(db: Database, files: DatabaseDeps): Promise<string[]> {
  const recovered: string[] = [];
  for (const row of await runningBackups(db)) {
    if (!(await backupAbandoned(files.database, row.id))) continue;
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

/** Restores a backup over the live data, after backing up the current state. */
export async function restoreBackup(
  db: Database,
  deps: DatabaseDeps,
  id: number,
  by: { actor: AdminPrincipal; context: RequestContext },
): Promise<void> {
  const { path, filename } = await backupFilePath(db, deps, id);
  const safety = await createBackup(db, deps, by);
  try {
    await restoreFileInto(db, deps, path);
  } catch (error) {
    if (!(error instanceof BackupUnreadableError)) throw error;
    // Marked so that nobody downloads or restores it again believing it good.
    await finishBackup(db, id, { error: DATABASE_MESSAGES.backupUnreadable });
    throw new HttpError(422, DATABASE_MESSAGES.backupUnreadable);
  }
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

export async function runMaintenance(
  db: Database,
  { database }: Pick<DatabaseDeps, 'database'>,
  kind: 'vacuum' | 'analyze',
  by: { actor: AdminPrincipal; context: RequestContext },
): Promise<number> {
  const started = performance.now();
  await withoutStatementTimeout(database, (client) => runMaintenanceCommand(db, client, kind));
  const durationMs = Math.round(performance.now() - started);
  // VACUUM cannot run inside a transaction, so its audit row follows it.
  await db.transaction((tx) =>
    recordAudit(tx, {
      actor: by.actor,
      action: `database.${kind}`,
      targetType: 'database',
      targetId: null,
      before: null,
      after: { duration_ms: durationMs },
      context: by.context,
    }),
  );
  return durationMs;
}

/** Keeps the newest `backup_keep_last` completed backups (Settings → Database); older rows and files go. */
async function pruneOldBackups(db: Database, deps: DatabaseDeps): Promise<void> {
  const { backup_keep_last: keep } = await readSettingsSection(db, 'database');
  const removed = await pruneCompletedBackups(db, keep);
  await Promise.all(removed.map((name) => rm(join(backupDir(deps), name), { force: true })));
}
