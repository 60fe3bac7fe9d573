import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  FACTORY_RESET_MESSAGES,
  FACTORY_RESET_NEXT_STEPS,
  type FactoryResetPreview,
  type FactoryResetRequest,
} from '@switchboard/contract/factory-reset';
import { SETTINGS_DEFAULTS } from '@switchboard/contract/settings';
import type { z } from 'zod';
import type { SessionEnds } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { badRequest } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { insertBuiltInRoles } from '../admin-roles/admin-roles.repository.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { liveSessionIds } from '../auth/refresh-tokens.repository.ts';
import {
  backupsSummary,
  createBackup,
  type DatabaseDeps,
  deleteAllBackupRows,
  removeAllBackupFiles,
} from '../database/backups.service.ts';
import { tableStats } from '../database/database.repository.ts';
import { wipeTables } from '../database/table-copy.ts';
import { uploadsDir } from '../official-messages/image-files.ts';
import type { LiveSettings } from '../settings/live-settings.ts';
import { markFactoryReset } from '../settings/settings.repository.ts';
import { verifyPassword } from '../users/password.ts';
import { findAccountById } from '../users/users.repository.ts';

interface FactoryResetDeps extends DatabaseDeps {
  live: LiveSettings;
  sessionEnds: SessionEnds;
}

export async function factoryResetPreview(db: Database, deps: DatabaseDeps): Promise<FactoryResetPreview> {
  const tables = await tableStats(db);
  const uploads = await directoryUsage(uploadsDir(deps.dataDir));
  return {
    success: true,
    affected_data: {
      users: tables.find((t) => t.name === 'users')?.records ?? 0,
      databases: { tables: tables.length, rows: tables.reduce((sum, t) => sum + t.records, 0) },
      uploads_directory: {
        path: uploadsDir(deps.dataDir),
        size_bytes: uploads.bytes,
        files: uploads.files,
      },
      database_files: await databaseFiles(db, deps),
      backups: await backupsSummary(db, deps),
    },
    next_steps: [...FACTORY_RESET_NEXT_STEPS],
  };
}

/**
 * Empties the installation: every table and the uploads, every session ends, and root-admin registration
 * opens again because no root admin is left. The backups go too (rows and files): the next root admin,
 * whoever registers first, could otherwise download every old account. Only when the root admin keeps
 * them is a backup of the current state taken first and the list left as it is.
 */
export async function executeFactoryReset(
  db: Database,
  deps: FactoryResetDeps,
  actor: AdminPrincipal,
  input: z.output<typeof FactoryResetRequest>,
  context: RequestContext,
): Promise<void> {
  if (input.admin_username.toLowerCase() !== actor.username.toLowerCase())
    throw badRequest(FACTORY_RESET_MESSAGES.wrongUsername, 'admin_username');
  const account = await findAccountById(db, actor.id);
  if (!account?.passwordHash || !(await verifyPassword(account.passwordHash, input.password)))
    throw badRequest(FACTORY_RESET_MESSAGES.wrongPassword, 'password');

  const backup = input.keep_backups ? await createBackup(db, deps, { actor, context }) : null;
  const { ended: sessions, removedBackups } = await db.transaction(async (tx) => {
    const ended = await liveSessionIds(tx);
    const removedBackups = input.keep_backups ? [] : await deleteAllBackupRows(tx);
    const wiped = await wipeTables(tx);
    await insertBuiltInRoles(tx);
    await markFactoryReset(tx, actor.id);
    // Written after the wipe, so the reset is the first entry of the new audit log.
    await recordAudit(tx, {
      actor,
      action: 'system.factory_reset',
      targetType: 'system',
      targetId: null,
      before: { tables: wiped.length, backup: backup?.filename ?? null },
      after: {
        reason: input.reason,
        backups_kept: input.keep_backups,
        backups_removed: removedBackups.length,
      },
      context,
    });
    return { ended, removedBackups };
  });
  if (!input.keep_backups) await removeAllBackupFiles(deps, removedBackups);
  await rm(uploadsDir(deps.dataDir), { recursive: true, force: true });
  deps.live.replace(structuredClone(SETTINGS_DEFAULTS));
  for (const sessionId of sessions) deps.sessionEnds.ended(sessionId);
}

async function directoryUsage(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return { bytes, files };
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = await directoryUsage(path);
      bytes += inner.bytes;
      files += inner.files;
    } else if (entry.isFile()) {
      bytes += (await stat(path)).size;
      files += 1;
    }
  }
  return { bytes, files };
}

async function databaseFiles(
  db: Database,
  deps: DatabaseDeps,
): Promise<{ name: string; size_bytes: number }[]> {
  if (deps.database.kind === 'postgres') {
    const tables = await tableStats(db);
    return [{ name: 'PostgreSQL database', size_bytes: tables.reduce((sum, t) => sum + t.sizeBytes, 0) }];
  }
  const dir = join(deps.dataDir, 'pglite');
  const usage = await directoryUsage(dir);
  return usage.files > 0 ? [{ name: dir, size_bytes: usage.bytes }] : [];
}
