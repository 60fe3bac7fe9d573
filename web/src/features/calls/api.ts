import {
  CALLS_EXPORT_PATH,
  type CallRow,
  callsEndpoints,
  type ListCallsQuery,
} from '@switchboard/contract/calls';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiRequestError, callEndpoint } from '@/lib/api-client.ts';
import { readStoredAccessToken } from '@/lib/session-storage.ts';

export type CallsListParams = Pick<ListCallsQuery, 'page' | 'search' | 'status' | 'type' | 'limit'>;
export type CallFilterParams = Pick<ListCallsQuery, 'search' | 'status' | 'type'>;

export const callKeys = {
  all: ['calls'] as const,
  list: (params: CallsListParams) => [...callKeys.all, 'list', params] as const,
  statistics: () => [...callKeys.all, 'statistics'] as const,
  quality: (id: number) => [...callKeys.all, 'quality', id] as const,
};

export function useCalls(params: CallsListParams) {
  return useQuery({
    queryKey: callKeys.list(params),
    queryFn: ({ signal }) => callEndpoint(callsEndpoints.list, { query: params }, { signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

export function useCallStatistics() {
  return useQuery({
    queryKey: callKeys.statistics(),
    queryFn: ({ signal }) => callEndpoint(callsEndpoints.statistics, {}, { signal }),
    select: (response) => response.data,
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

/** The server streams the CSV; the browser saves it under the name the server gives. */
export async function downloadCallsCsv(filter: CallFilterParams): Promise<void> {
  const url = new URL(`${API_BASE}${CALLS_EXPORT_PATH}`, window.location.origin);
  for (const [key, value] of Object.entries(filter))
    if (value && value !== 'all') url.searchParams.set(key, value);
  const token = readStoredAccessToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiRequestError('Failed to export calls', response.status);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'calls.csv';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}
