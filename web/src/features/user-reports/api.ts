import {
  type ReportStatus,
  USER_REPORTS_PAGE_SIZE,
  userReportsEndpoints,
} from '@switchboard/contract/user-reports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { usePageCursors } from '@/lib/use-page-cursors.ts';

const all = ['user-reports'] as const;

export function useReportStats() {
  return useQuery({
    queryKey: [...all, 'stats'],
    queryFn: ({ signal }) => callEndpoint(userReportsEndpoints.stats, {}, { signal }),
    select: (r) => r.data,
  });
}

export function useReports(page: number, status: ReportStatus | undefined) {
  const cursors = usePageCursors(status);
  return useQuery({
    queryKey: [...all, 'list', page, status],
    queryFn: async ({ signal }) => {
      const query = { page, per_page: USER_REPORTS_PAGE_SIZE, status, cursor: cursors.cursorFor(page) };
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
    mutationFn: (id: number) => callEndpoint(userReportsEndpoints.suspendReportedUser, { params: { id } }),
    onSettled: invalidate,
  });
}
