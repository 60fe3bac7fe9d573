import { monitoringEndpoints } from '@switchboard/contract/monitoring';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

export const MONITOR_INTERVALS = [1000, 5000, 10_000, 30_000] as const;
export const DEFAULT_MONITOR_INTERVAL = 5000;
/** Alerts shown at most. */
const ALERTS_SHOWN = 5;

export const monitorKey = ['monitor'] as const;

/** Polls at `pollMs` (false: not at all); the socket's pushes refresh it in between. */
export function useMonitor(pollMs: number | false) {
  return useQuery({
    queryKey: monitorKey,
    queryFn: async ({ signal }) => {
      const [metrics, status, alerts] = await Promise.all([
        callEndpoint(monitoringEndpoints.monitoringMetrics, {}, { signal }),
        callEndpoint(monitoringEndpoints.monitoringStatus, {}, { signal }),
        callEndpoint(monitoringEndpoints.monitoringAlerts, { query: { limit: ALERTS_SHOWN } }, { signal }),
      ]);
      return { metrics: metrics.data, status: status.data, alerts: alerts.data.alerts };
    },
    refetchInterval: pollMs,
  });
}
