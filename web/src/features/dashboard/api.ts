import { type AnalyticsRange, dashboardEndpoints } from '@switchboard/contract/dashboard';
import { monitoringEndpoints } from '@switchboard/contract/monitoring';
import { purchasesEndpoints } from '@switchboard/contract/purchases';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

/** The last `days` days of the rollups; the previous span stays on screen while the next one loads. */
export function useAnalytics(days: AnalyticsRange) {
  return useQuery({
    queryKey: ['analytics', days],
    queryFn: ({ signal }) => callEndpoint(dashboardEndpoints.analytics, { query: { days } }, { signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** Paid revenue per day and currency over the same span (Stripe and the App Store; demo purchases are not revenue). */
export function useRevenue(days: AnalyticsRange, enabled: boolean) {
  return useQuery({
    queryKey: ['purchases', 'revenue', days],
    queryFn: ({ signal }) => callEndpoint(purchasesEndpoints.revenue, { query: { days } }, { signal }),
    select: (response) => response.data.days,
    placeholderData: keepPreviousData,
    enabled,
  });
}
