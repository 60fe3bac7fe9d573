import type { LogStats, SystemLogsPage, SystemLogsQuery } from '@switchboard/contract/system-logs';
import type { Database } from '../../db/client.ts';
import { COUNT_CAP, readCounters } from '../../db/row-counts.ts';
import { countSystemLogs, hasLogFilters, listSystemLogs } from './system-logs.repository.ts';

export async function systemLogsPage(db: Database, query: SystemLogsQuery): Promise<SystemLogsPage> {
  const filtered = hasLogFilters(query);
  const [logs, total] = await Promise.all([
    listSystemLogs(db, query, query.per_page, (query.page - 1) * query.per_page),
    filtered
      ? countSystemLogs(db, query, COUNT_CAP)
      : readCounters(db, ['system_logs.total']).then((c) => c['system_logs.total']),
  ]);
  return {
    logs: logs as SystemLogsPage['logs'],
    total,
    total_capped: filtered && total >= COUNT_CAP,
    page: query.page,
    per_page: query.per_page,
    total_pages: Math.ceil(total / query.per_page),
  };
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
