import type { Settings } from '@switchboard/contract/settings';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { LiveSettings } from '../settings/live-settings.ts';
import { lastCompletedBackup } from './backup.repository.ts';
import { createBackup, type DatabaseDeps, recoverInterruptedBackups } from './backups.service.ts';

const HOUR = 3_600_000;
const PERIOD_MS: Record<Settings['database']['backup_frequency'], number> = {
  hourly: HOUR,
  daily: 24 * HOUR,
  weekly: 7 * 24 * HOUR,
  monthly: 30 * 24 * HOUR,
};
const CHECK_EVERY_MS = 60_000;

/** Whether a scheduled backup is due: auto_backup on and the last completed backup older than one period. */
export function backupDue(settings: Settings, lastAt: Date | null, now: Date): boolean {
  if (!settings.database.auto_backup) return false;
  return !lastAt || now.getTime() - lastAt.getTime() >= PERIOD_MS[settings.database.backup_frequency];
}

/**
 * Checks every minute, so a changed frequency or auto_backup applies without a restart. Returns the stop,
 * which also kills a scheduled pg_dump still running, so a stopped server leaves no dump behind.
 */
export function startBackupSchedule(
  db: Database,
  { live, log, ...files }: DatabaseDeps & { live: LiveSettings; log: FastifyBaseLogger },
): () => void {
  let running = false;
  const shutdown = new AbortController();
  recoverInterruptedBackups(db, files)
    .then((names) => {
      if (names.length) log.warn({ backups: names }, 'backups interrupted by a stop were marked failed');
    })
    .catch((err) => log.error({ err }, 'checking for interrupted backups failed'));
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const last = await lastCompletedBackup(db);
      if (backupDue(await live.get(), last ? new Date(last.createdAt) : null, new Date())) {
        const backup = await createBackup(db, files, null, 'scheduled', shutdown.signal);
        log.info({ backup: backup.filename, bytes: backup.size_bytes }, 'scheduled backup written');
      }
    } catch (error) {
      log.error({ err: error }, 'scheduled backup failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    shutdown.abort();
  };
}
