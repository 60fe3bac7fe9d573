import { callInspectorEndpoints } from '@switchboard/contract/call-inspector';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { callKeys } from './api.ts';

/** The setup funnel, each side's path and the verdict of one call (Call Details). */
export function useCallInspection(id: number | null) {
  return useQuery({
    queryKey: [...callKeys.all, 'inspection', id ?? 0] as const,
    queryFn: ({ signal }) =>
      callEndpoint(callInspectorEndpoints.inspection, { params: { id: id ?? 0 } }, { signal }),
    select: (response) => response.data,
    enabled: id !== null,
  });
}
