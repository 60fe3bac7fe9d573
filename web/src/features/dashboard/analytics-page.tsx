import { ANALYTICS_RANGES, AnalyticsQuery, type AnalyticsRange } from '@switchboard/contract/dashboard';
import { purchasesEndpoints } from '@switchboard/contract/purchases';
import { useEffect, useRef } from 'react';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useCan } from '@/lib/permissions.ts';
import { useListUrlState } from '@/lib/use-list-url-state.ts';
import { AnalyticsCharts } from './analytics-charts.tsx';
import { useAnalytics, useRevenue } from './api.ts';
import { DashboardPage } from './dashboard-page.tsx';
import { RevenueCard } from './revenue-card.tsx';
import { SetupFunnelCard } from './setup-funnel-card.tsx';

/**
 * The dashboard opened at its analytics (the spec: "/dashboard and /analytics show the dashboard"):
 * calls, success rate, quality and coins per day over the last 7, 30 or 90 days from the daily rollups
 * come first, the rest of the dashboard under them. The span is in the URL (`?days=`), so a reload or a
 * shared link shows the same one; focus starts on the heading so a screen reader lands on the section,
 * not on the sidebar link.
 */
export function AnalyticsPage() {
  const { params, update } = useListUrlState(AnalyticsQuery);
  const days = params.days;
  const query = useAnalytics(days);
  const canReadRevenue = useCan()(purchasesEndpoints.revenue);
  const revenue = useRevenue(days, canReadRevenue);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="space-y-4">
      <PageHeader
        title="Analytics"
        description={`The last ${days} days`}
        headingRef={heading}
        actions={<RangePicker value={days} onChange={(next) => update({ days: next })} />}
      />
      {query.isError ? (
        <ErrorPanel
          message={errorMessage(query.error, 'Failed to fetch dashboard data')}
          onRetry={() => void query.refetch()}
          retryLabel="Try Again"
        />
      ) : query.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <div
          aria-busy={query.isPlaceholderData}
          className={query.isPlaceholderData ? 'opacity-60' : undefined}
        >
          <AnalyticsCharts days={query.data.days} />
        </div>
      )}
      <SetupFunnelCard />
      {canReadRevenue ? <RevenueCard days={revenue.data} failed={revenue.isError && !revenue.data} /> : null}
      <div className="pt-4">
        <DashboardPage />
      </div>
    </div>
  );
}

function RangePicker({ value, onChange }: { value: AnalyticsRange; onChange(days: AnalyticsRange): void }) {
  return (
    <fieldset className="inline-flex gap-1 rounded-lg bg-muted p-1">
      <legend className="sr-only">Range</legend>
      {ANALYTICS_RANGES.map((days) => (
        <Button
          key={days}
          size="sm"
          variant={days === value ? 'secondary' : 'ghost'}
          aria-pressed={days === value}
          className={days === value ? 'bg-background shadow-sm' : undefined}
          onClick={() => onChange(days)}
        >
          {days} days
        </Button>
      ))}
    </fieldset>
  );
}
