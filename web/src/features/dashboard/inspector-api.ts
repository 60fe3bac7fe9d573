import { callInspectorEndpoints } from '@switchboard/contract/call-inspector';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

/** The verdicts of the last 24 hours' calls, most frequent first. */
export function useTopVerdicts() {
  return useQuery({
    queryKey: ['calls', 'verdicts'],
    queryFn: ({ signal }) => callEndpoint(callInspectorEndpoints.topVerdicts, {}, { signal }),
    select: (response) => response.data.verdicts,
  });
}

/** p50 and p95 of each call setup step per hour over the last 24 hours. */
export function useSetupFunnel() {
  return useQuery({
    queryKey: ['calls', 'setup-funnel'],
    queryFn: ({ signal }) =>
      callEndpoint(callInspectorEndpoints.setupFunnel, { query: { hours: 24 } }, { signal }),
    select: (response) => response.data.hours,
  });
}
