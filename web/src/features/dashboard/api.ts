import { dashboardEndpoints } from '@switchboard/contract/dashboard';
import { monitoringEndpoints } from '@switchboard/contract/monitoring';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

/** Dashboard refresh while auto-refresh is on. */
export const DASHBOARD_REFRESH_MS = 30_000;

export function useDashboard(autoRefresh: boolean) {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: async ({ signal }) => {
      const [dashboard, stats, health] = await Promise.all([
        callEndpoint(dashboardEndpoints.dashboard, {}, { signal }),
        callEndpoint(dashboardEndpoints.stats, {}, { signal }),
        callEndpoint(monitoringEndpoints.healthDetailed, {}, { signal }),
      ]);
      return { dashboard: dashboard.data, stats: stats.data, health: health.data };
    },
    refetchInterval: autoRefresh ? DASHBOARD_REFRESH_MS : false,
  });
}

export function useAnalytics() {
  return useQuery({
    queryKey: ['analytics'],
    queryFn: ({ signal }) => callEndpoint(dashboardEndpoints.analytics, {}, { signal }),
    select: (response) => response.data,
  });
}
