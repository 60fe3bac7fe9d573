import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { pruneSystemLogs } from './system-logs.repository.ts';

export const LOG_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes system logs older than security_policies.log_retention_days; returns how many rows went. */
export async function pruneOldSystemLogs(db: Database): Promise<number> {
  const { log_retention_days } = await liveSettings(db).section('security_policies');
  let removed = 0;
  for (;;) {
    const n = await pruneSystemLogs(db, log_retention_days);
    removed += n;
    if (n === 0) return removed;
  }
}

/**
 * The first prune waits this long after a start: its delete took 56–78 ms on the demo database, and the
 * embedded database runs one statement at a time, so the first requests queued behind it.
 */
const FIRST_PRUNE_DELAY_MS = 60 * 1000;

/** Prunes a minute after the start and then every hour; returns the stop function. */
export function startLogRetention(db: Database, log: FastifyBaseLogger): () => void {
  const run = () =>
    void pruneOldSystemLogs(db)
      .then((removed) => {
        if (removed > 0) log.info({ module: 'system-logs', removed }, 'old system logs pruned');
      })
      .catch((err: unknown) => log.error({ module: 'system-logs', err }, 'pruning system logs failed'));
  let hourly: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    run();
    hourly = setInterval(run, LOG_PRUNE_INTERVAL_MS);
    hourly.unref();
  }, FIRST_PRUNE_DELAY_MS);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(hourly);
  };
}
