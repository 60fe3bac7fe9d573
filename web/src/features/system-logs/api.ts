import {
  SYSTEM_LOGS_PAGE_SIZE,
  type SystemLogsQuery,
  systemLogsEndpoints,
} from '@switchboard/contract/system-logs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

export type LogFilters = Pick<SystemLogsQuery, 'level' | 'module' | 'search' | 'start' | 'end'>;

export function useLogStats() {
  return useQuery({
    queryKey: ['system-logs', 'stats'],
    queryFn: ({ signal }) => callEndpoint(systemLogsEndpoints.stats, {}, { signal }),
    select: (r) => r.data,
  });
}

export function useSystemLogs(filters: LogFilters, page: number) {
  return useQuery({
    queryKey: ['system-logs', 'list', filters, page],
    queryFn: ({ signal }) =>
      callEndpoint(
        systemLogsEndpoints.list,
        { query: { ...filters, page, per_page: SYSTEM_LOGS_PAGE_SIZE } },
        { signal },
      ),
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  });
}
