import {
  SYSTEM_LOGS_PAGE_SIZE,
  type SystemLogsQuery,
  systemLogsEndpoints,
} from '@switchboard/contract/system-logs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { usePageCursors } from '@/lib/use-page-cursors.ts';

export type LogFilters = Pick<SystemLogsQuery, 'level' | 'module' | 'search' | 'start' | 'end'>;

export function useLogStats() {
  return useQuery({
    queryKey: ['system-logs', 'stats'],
    queryFn: ({ signal }) => callEndpoint(systemLogsEndpoints.stats, {}, { signal }),
    select: (r) => r.data,
  });
}

export function useSystemLogs(filters: LogFilters, page: number) {
  const cursors = usePageCursors(filters);
  return useQuery({
    queryKey: ['system-logs', 'list', filters, page],
    queryFn: async ({ signal }) => {
      const query = { ...filters, page, per_page: SYSTEM_LOGS_PAGE_SIZE, cursor: cursors.cursorFor(page) };
      const response = await callEndpoint(systemLogsEndpoints.list, { query }, { signal });
      cursors.remember(page, response.data.next_cursor);
      return response;
    },
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  });
}
