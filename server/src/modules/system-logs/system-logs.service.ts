import type { LogStats, SystemLogsPage, SystemLogsQuery } from '@switchboard/contract/system-logs';
import type { Database } from '../../db/client.ts';
import { nextCursorOf, pagePosition } from '../../db/keyset-cursor.ts';
import { COUNT_CAP, cappedTotal, readCounters } from '../../db/row-counts.ts';
import { pageEnvelope } from '../../http/page-envelope.ts';
import { usernamesById } from '../users/users-directory.repository.ts';
import { countSystemLogs, hasLogFilters, listSystemLogs } from './system-logs.repository.ts';

/** Unfiltered and single-level totals from the counters; any other filter counts up to the cap. */
export async function systemLogsPage(db: Database, query: SystemLogsQuery): Promise<SystemLogsPage> {
  const [logs, total] = await Promise.all([
    listSystemLogs(db, query, query.per_page, pagePosition(query)),
    logsTotal(db, query),
  ]);
  const names = await usernamesById(
    db,
    logs.flatMap((log) => (log.user_id ? [log.user_id] : [])),
  );
  return {
    logs: logs.map((log) => ({
      ...log,
      username: log.user_id ? (names.get(log.user_id) ?? null) : null,
    })) as SystemLogsPage['logs'],
    ...pageEnvelope('per_page', query, {
      ...total,
      nextCursor: nextCursorOf(logs, query.per_page, (log) => [log.timestamp, log.id]),
    }),
  };
}

async function logsTotal(db: Database, query: SystemLogsQuery) {
  const { level, ...others } = query;
  if (!hasLogFilters(others)) {
    const name = level ? (`system_logs.${level}` as const) : 'system_logs.total';
    return { total: (await readCounters(db, [name]))[name], totalCapped: false };
  }
  return cappedTotal(await countSystemLogs(db, query, COUNT_CAP + 1));
}

export async function logStats(db: Database): Promise<LogStats> {
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  const [c, recent] = await Promise.all([
    readCounters(db, [
      'system_logs.total',
      'system_logs.CRITICAL',
      'system_logs.ERROR',
      'system_logs.WARNING',
      'system_logs.INFO',
      'system_logs.DEBUG',
    ]),
    countSystemLogs(db, { start: since }, COUNT_CAP),
  ]);
  return {
    total_logs: c['system_logs.total'],
    critical_logs: c['system_logs.CRITICAL'],
    error_logs: c['system_logs.ERROR'],
    warning_logs: c['system_logs.WARNING'],
    info_logs: c['system_logs.INFO'],
    debug_logs: c['system_logs.DEBUG'],
    last_24h_logs: recent,
    last_24h_capped: recent >= COUNT_CAP,
  };
}
