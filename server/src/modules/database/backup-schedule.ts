import type { Settings } from '@switchboard/contract/settings';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { LiveSettings } from '../settings/live-settings.ts';
import { lastCompletedBackup } from './backup.repository.ts';
import {
  createBackup,
  type DatabaseDeps,
  recoverInterruptedBackups,
  WRITER_LOCK_GRACE_MS,
} from './backups.service.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PERIOD_MS: Record<Settings['database']['backup_frequency'], number> = {
  hourly: HOUR,
  daily: DAY,
  weekly: 7 * DAY,
  monthly: 30 * DAY,
};
const CHECK_EVERY_MS = 60_000;

/** The latest moment at or before `now` the schedule names: HH:MM UTC each day, or :MM each hour. */
export function latestScheduledTime(settings: Settings, now: Date): number {
  const [hours, minutes] = settings.database.backup_time.split(':').map(Number) as [number, number];
  const hourly = settings.database.backup_frequency === 'hourly';
  const slot = new Date(now);
  slot.setUTCSeconds(0, 0);
  slot.setUTCMinutes(minutes);
  if (!hourly) slot.setUTCHours(hours);
  if (slot.getTime() > now.getTime()) return slot.getTime() - (hourly ? HOUR : DAY);
  return slot.getTime();
}

/**
 * Whether a scheduled backup is due: auto_backup on, a scheduled time has come since the server started
 * (so a start never brings a backup with it: a restart at noon waits for the night), and the last
 * completed backup is older than that time, or than one period before it for weekly and monthly ones.
 */
export function backupDue(settings: Settings, lastAt: Date | null, now: Date, startedAt: Date): boolean {
  if (!settings.database.auto_backup) return false;
  const slot = latestScheduledTime(settings, now);
  if (slot < startedAt.getTime()) return false;
  const frequency = settings.database.backup_frequency;
  const step = frequency === 'hourly' ? HOUR : DAY;
  return !lastAt || lastAt.getTime() < slot - (PERIOD_MS[frequency] - step);
}

/**
 * Checks every minute, so a changed frequency or auto_backup applies without a restart. Returns the stop,
 * which also stops a scheduled backup still being written and resolves once its row says so, so a stopped
 * server leaves no partial backup behind, nor a row `running`.
 */
export function startBackupSchedule(
  db: Database,
  { live, log, ...files }: DatabaseDeps & { live: LiveSettings; log: FastifyBaseLogger },
): () => Promise<void> {
  /** The check under way, if any: a stop waits for its backup to end. */
  let checking: Promise<void> | null = null;
  const startedAt = new Date();
  const shutdown = new AbortController();
  // At start and every check, on every instance: a backup whose writer died (its lease, the advisory lock,
  // lapsed with its connection) is marked failed and its pg_dump ended, whichever instance notices first.
  const recover = () =>
    recoverInterruptedBackups(db, files)
      .then((names) => {
        if (names.length) log.warn({ backups: names }, 'backups interrupted by a stop were marked failed');
      })
      .catch((err) => log.error({ err }, 'checking for interrupted backups failed'));
  void recover();
  // A backup killed just before this start is still in its grace period at the first look.
  const recheck = setTimeout(() => void recover(), WRITER_LOCK_GRACE_MS);
  recheck.unref();
  const check = async () => {
    await recover();
    try {
      const last = await lastCompletedBackup(db);
      if (backupDue(await live.get(), last ? new Date(last.createdAt) : null, new Date(), startedAt)) {
        const backup = await createBackup(db, files, null, 'scheduled', shutdown.signal);
        log.info({ backup: backup.filename, bytes: backup.size_bytes }, 'scheduled backup written');
      }
    } catch (error) {
      log.error({ err: error }, 'scheduled backup failed');
    }
  };
  const timer = setInterval(() => {
    checking ??= check().finally(() => {
      checking = null;
    });
  }, CHECK_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    clearTimeout(recheck);
    shutdown.abort();
    await checking;
  };
}
