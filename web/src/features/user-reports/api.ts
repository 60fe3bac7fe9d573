import {
  type ReportStatus,
  USER_REPORTS_PAGE_SIZE,
  userReportsEndpoints,
} from '@switchboard/contract/user-reports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { usePageCursors } from '@/lib/use-page-cursors.ts';
import type { ReportFilters } from './user-reports-url-state.ts';

const all = ['user-reports'] as const;

export function useReportStats() {
  return useQuery({
    queryKey: [...all, 'stats'],
    queryFn: ({ signal }) => callEndpoint(userReportsEndpoints.stats, {}, { signal }),
    select: (r) => r.data,
  });
}

/** A page of reports; `status` is the tab's (pending) when it has one, else the filter's. */
export function useReports(page: number, status: ReportStatus | undefined, filters: ReportFilters) {
  const filter = {
    status: status ?? (filters.status === 'all' ? undefined : filters.status),
    type: filters.type === 'all' ? undefined : filters.type,
    search: filters.search,
    start: filters.start,
    end: filters.end,
  };
  const cursors = usePageCursors(filter);
  return useQuery({
    queryKey: [...all, 'list', page, filter],
    queryFn: async ({ signal }) => {
      const query = { page, per_page: USER_REPORTS_PAGE_SIZE, ...filter, cursor: cursors.cursorFor(page) };
      const response = await callEndpoint(userReportsEndpoints.list, { query }, { signal });
      cursors.remember(page, response.data.next_cursor);
      return response;
    },
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateReports() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: all });
}

export function useResolveReport() {
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: ({ id, notes }: { id: number; notes: string }) =>
      callEndpoint(userReportsEndpoints.resolve, { params: { id }, body: { resolution_notes: notes } }),
    onSettled: invalidate,
  });
}

export function useDismissReport() {
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      callEndpoint(userReportsEndpoints.dismiss, { params: { id }, body: { dismissal_reason: reason } }),
    onSettled: invalidate,
  });
}

/** The Undo after a resolve or dismiss: the report back to pending, on the server. */
export function useReopenReport() {
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(userReportsEndpoints.reopen, { params: { id } }),
    onSettled: invalidate,
  });
}

export function useSuspendReportedUser() {
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      callEndpoint(userReportsEndpoints.suspendReportedUser, { params: { id }, body: { reason } }),
    onSettled: invalidate,
  });
}
