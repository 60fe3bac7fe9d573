import {
  type CallRow,
  type CallStatisticsQuery,
  type CallView,
  callsEndpoints,
  type ExportCallsQuery,
  type ListCallsQuery,
} from '@switchboard/contract/calls';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '@/lib/api-client.ts';

export type CallsListParams = Pick<
  ListCallsQuery,
  'page' | 'search' | 'status' | 'type' | 'limit' | 'range' | 'from' | 'to' | 'quality' | 'flag' | 'verdict'
>;
export type CallFilterParams = ExportCallsQuery;
export type CallRangeParams = CallStatisticsQuery;

export const callKeys = {
  all: ['calls'] as const,
  list: (params: CallsListParams) => [...callKeys.all, 'list', params] as const,
  statistics: (range: CallRangeParams) => [...callKeys.all, 'statistics', range] as const,
  quality: (id: number) => [...callKeys.all, 'quality', id] as const,
  one: (id: number) => [...callKeys.all, 'one', id] as const,
};

/**
 * While a page shows an active call, it reloads this often (quality samples arrive every 5 s, the cost
 * moves each started minute); a page of ended calls does not poll.
 */
export const LIVE_CALLS_POLL_MS = 10_000;

const anyActive = (calls: readonly CallView[] | undefined) =>
  calls?.some((c) => c.status === 'active') ?? false;

export function useCalls(params: CallsListParams) {
  return useQuery({
    queryKey: callKeys.list(params),
    queryFn: ({ signal }) => callEndpoint(callsEndpoints.list, { query: params }, { signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
    // An active call's running cost and latest MOS move: the page follows them while it shows one.
    refetchInterval: (query) => (anyActive(query.state.data?.data.calls) ? LIVE_CALLS_POLL_MS : false),
  });
}

/** The stat cards over the list's time range. */
export function useCallStatistics(range: CallRangeParams) {
  return useQuery({
    queryKey: callKeys.statistics(range),
    queryFn: ({ signal }) => callEndpoint(callsEndpoints.statistics, { query: range }, { signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** One call by its id, for a link that names it (`/calls?call=42`, the command palette). */
export function useCall(id: number | null) {
  return useQuery({
    queryKey: callKeys.one(id ?? 0),
    queryFn: ({ signal }) => callEndpoint(callsEndpoints.get, { params: { id: id ?? 0 } }, { signal }),
    select: (response) => response.data,
    enabled: id !== null,
    refetchInterval: (query) =>
      anyActive(query.state.data && [query.state.data.data]) ? LIVE_CALLS_POLL_MS : false,
  });
}

export function useCallQuality(id: number | null) {
  return useQuery({
    queryKey: callKeys.quality(id ?? 0),
    queryFn: ({ signal }) => callEndpoint(callsEndpoints.quality, { params: { id: id ?? 0 } }, { signal }),
    select: (response) => response.data,
    enabled: id !== null,
  });
}

/** Ending a call changes its row, the live count and the rollup figures: everything about calls reloads. */
export function useEndCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: CallRow) => callEndpoint(callsEndpoints.end, { params: { id: call.id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callKeys.all }),
  });
}

/** The server streams the CSV of the list's filters; the browser saves it under the name the server gives. */
export function downloadCallsCsv(filter: CallFilterParams): Promise<void> {
  return downloadEndpoint(callsEndpoints.exportCsv, { query: filter });
}
