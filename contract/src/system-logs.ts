import { z } from 'zod';
import { envelope, IsoDateTime, logsPageOf, optionalText, perPageQuery, timeRangeQuery } from './common.ts';
import { endpoint } from './endpoint.ts';

export const SYSTEM_LOGS_PAGE_SIZE = 20;
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const SYSTEM_LOG_MESSAGES = { fetchFailed: 'Failed to fetch logs data' } as const;

export const SystemLog = z.object({
  id: z.number().int(),
  level: z.enum(LOG_LEVELS),
  message: z.string(),
  module: z.string(),
  timestamp: IsoDateTime,
  user_id: z.string().nullable(),
  /** The username of `user_id`; null when the log names no (known) user. */
  username: z.string().nullable(),
  ip_address: z.string().nullable(),
  details: z.unknown(),
});
export type SystemLog = z.infer<typeof SystemLog>;

export const SystemLogsQuery = z.object({
  ...perPageQuery(SYSTEM_LOGS_PAGE_SIZE),
  level: z.enum(LOG_LEVELS).optional().catch(undefined),
  module: optionalText(100),
  search: optionalText(200),
  ...timeRangeQuery,
});
export type SystemLogsQuery = z.infer<typeof SystemLogsQuery>;

export const SystemLogsPage = logsPageOf(SystemLog);
export type SystemLogsPage = z.infer<typeof SystemLogsPage>;

export const LogStats = z.object({
  total_logs: z.number().int(),
  critical_logs: z.number().int(),
  error_logs: z.number().int(),
  warning_logs: z.number().int(),
  info_logs: z.number().int(),
  debug_logs: z.number().int(),
  last_24h_logs: z.number().int(),
  /** last_24h_logs stops counting at the cap. */
  last_24h_capped: z.boolean(),
});
export type LogStats = z.infer<typeof LogStats>;

export const systemLogsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/system-logs',
    tag: 'system-logs',
    access: 'admin',
    permission: 'safety:read',
    query: SystemLogsQuery,
    response: envelope(SystemLogsPage),
  }),
  stats: endpoint({
    method: 'GET',
    path: '/admin/system-logs/stats',
    tag: 'system-logs',
    access: 'admin',
    permission: 'safety:read',
    response: envelope(LogStats),
  }),
};
