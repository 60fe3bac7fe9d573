import { SystemLogsQuery } from '@switchboard/contract/system-logs';
import { z } from 'zod';

export const SYSTEM_LOG_TABS = ['overview', 'logs', 'search'] as const;
export type SystemLogTab = (typeof SYSTEM_LOG_TABS)[number];

/**
 * The screen's URL: the open tab, the page, and the Search tab's filters. `searched` marks a search
 * run with every field empty (all logs), which no filter shows; a search with a filter needs no mark.
 */
export const SystemLogsUrlQuery = SystemLogsQuery.pick({
  page: true,
  level: true,
  module: true,
  search: true,
  start: true,
  end: true,
}).extend({
  tab: z.enum(SYSTEM_LOG_TABS).default('overview'),
  searched: z.enum(['all']).optional(),
});
export type SystemLogsUrlQuery = z.infer<typeof SystemLogsUrlQuery>;
