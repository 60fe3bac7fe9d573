import { dashboardEndpoints } from '@switchboard/contract/dashboard';
import { monitoringEndpoints } from '@switchboard/contract/monitoring';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

/** Performance polling while auto-refresh is on. */
export const PERFORMANCE_POLL_MS = 10_000;

export function usePerformance(autoRefresh: boolean) {
  return useQuery({
    queryKey: ['performance'],
    queryFn: async ({ signal }) => {
      const [health, metrics, stats] = await Promise.all([
        callEndpoint(monitoringEndpoints.healthDetailed, {}, { signal }),
        callEndpoint(monitoringEndpoints.performanceMetrics, {}, { signal }),
        callEndpoint(dashboardEndpoints.stats, {}, { signal }),
      ]);
      return { health: health.data, history: metrics.data.history, totalCalls: stats.data.total_calls };
    },
    refetchInterval: autoRefresh ? PERFORMANCE_POLL_MS : false,
  });
}
