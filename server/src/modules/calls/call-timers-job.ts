import type { FastifyBaseLogger } from 'fastify';
import type { UserPush } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { rollUpSamplesBefore } from './call-lifecycle.repository.ts';
import { runDueCallTimers } from './call-lifecycle.service.ts';

/** How often each instance looks for calls whose ring time-out or length cap has come. */
export const CALL_TIMERS_INTERVAL_MS = 1000;
/** How often old quality samples are rolled up per call (and deleted). */
export const SAMPLE_RETENTION_INTERVAL_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The call timers (missed after 30 s, ended at 3600 s) run from rows with due times, so they survive a
 * restart and, locked SKIP LOCKED, run once across instances. The retention pass folds samples older than
 * the setting into per-call rollups.
 */
export function startCallJobs(
  db: Database,
  {
    userPush,
    log,
    intervalMs = CALL_TIMERS_INTERVAL_MS,
  }: { userPush: UserPush; log: FastifyBaseLogger; intervalMs?: number },
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const once = (work: () => Promise<unknown>, what: string) => {
    if (running) return;
    running = work()
      .catch((err) => log.warn({ err }, `${what} failed`))
      .finally(() => {
        running = null;
      });
  };
  const ctx = { db, push: userPush, clock: () => new Date() };
  const timers = setInterval(() => once(() => runDueCallTimers(ctx), 'call timers'), intervalMs);
  const retention = setInterval(
    () => once(() => rollUpOldSamples(db), 'quality sample retention'),
    SAMPLE_RETENTION_INTERVAL_MS,
  );
  timers.unref();
  retention.unref();
  return {
    stop: async () => {
      clearInterval(timers);
      clearInterval(retention);
      await running;
    },
  };
}

/** Rolls up samples older than the retention setting, a bounded batch of calls per transaction. */
export async function rollUpOldSamples(
  db: Database,
  now: Date = new Date(),
  maxPasses = 100,
): Promise<number> {
  const { quality_sample_retention_days: days } = await liveSettings(db).section('calling');
  const before = new Date(now.getTime() - days * DAY_MS);
  let removed = 0;
  for (let pass = 0; pass < maxPasses; pass++) {
    const n = await db.transaction((tx) => rollUpSamplesBefore(tx, before, 200));
    removed += n;
    if (n === 0) break;
  }
  return removed;
}
