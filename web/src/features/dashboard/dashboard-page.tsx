import type { ActivityItem } from '@switchboard/contract/dashboard';
import { ActivityIcon, MessageSquareIcon, PhoneIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { AutoRefreshControls } from '@/components/auto-refresh-controls.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { LiveCharts } from '@/components/live-charts.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatCard } from '@/components/stat-card.tsx';
import { STAT_GRID } from '@/components/stat-overview.tsx';
import { Time } from '@/components/time.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { UsageMeter } from '@/components/usage-meter.tsx';
import { UserLink } from '@/components/user-link.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatCount } from '@/lib/format.ts';
import { formatMs, healthVariant } from '@/lib/health-display.ts';
import { useLiveSeries } from '@/lib/use-live-series.ts';
import { useLiveSocket } from '@/lib/use-live-socket.ts';
import { useDashboard } from './api.ts';
import { TopVerdictsCard } from './top-verdicts-card.tsx';

export function DashboardPage() {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const query = useDashboard(autoRefresh);
  // Online users, active calls, call attempts and the poor-call share as they change, pushed by the socket.
  const live = useLiveSeries();
  useLiveSocket({ live_series: live.onPoints });

  const header = (
    <PageHeader
      title="Dashboard"
      description="Overview of your calling platform"
      actions={
        <AutoRefreshControls label="Auto-refresh (30s)" state={[autoRefresh, setAutoRefresh]} query={query} />
      }
    />
  );

  if (query.isError && !query.data) {
    return (
      <div className="space-y-4">
        {header}
        <ErrorPanel
          message={errorMessage(query.error, 'Failed to fetch dashboard data')}
          onRetry={() => void query.refetch()}
          retryLabel="Try Again"
        />
      </div>
    );
  }
  if (query.isSuccess && !query.data.dashboard) {
    return (
      <div className="space-y-4">
        {header}
        <EmptyState title="No data available" />
      </div>
    );
  }
  const d = query.data?.dashboard;
  const h = query.data?.health;
  const s = query.data?.stats;
  return (
    <div className="space-y-4">
      {header}
      <div className={STAT_GRID}>
        <StatCard
          label="Total Users"
          value={d ? formatCount(d.overview.total_users) : undefined}
          hint={d ? `${formatCount(d.overview.active_users)} active` : undefined}
          icon={<UsersIcon />}
        />
        <StatCard
          label="Total Calls"
          value={d ? formatCount(d.overview.total_calls) : undefined}
          hint={
            d
              ? `${formatCount(d.overview.active_calls)} active · ${formatCount(d.overview.ringing_calls)} ringing`
              : undefined
          }
          icon={<PhoneIcon />}
        />
        <StatCard
          label="Messages"
          value={d ? formatCount(d.overview.total_messages) : undefined}
          icon={<MessageSquareIcon />}
        />
        <StatCard
          label="System Health"
          value={
            d ? (
              <Badge variant={healthVariant(d.overview.system_health)}>{d.overview.system_health}</Badge>
            ) : undefined
          }
          icon={<ActivityIcon />}
        />
      </div>
      <LiveCharts points={live.points} />
      <div className="grid gap-4 lg:grid-cols-2">
        <TitledCard title="System Performance" className="space-y-3 text-sm">
          <UsageMeter label="CPU Usage" value={h?.cpu_usage} />
          <UsageMeter label="Memory Usage" value={h?.memory_usage} />
          <div className="flex justify-between">
            <span>Response Time</span>
            <span className="tabular-nums">{h ? formatMs(h.response_time) : '—'}</span>
          </div>
        </TitledCard>
        <TitledCard title="Database Statistics" className="grid grid-cols-2 gap-2 text-sm">
          <Figure label="Users" value={d?.overview.total_users} />
          <Figure label="Calls" value={s?.total_calls} />
          <Figure label="Messages" value={s?.total_messages} />
          <Figure label="Active connections" value={s?.active_connections} />
          <Figure
            label="Average call quality"
            value={s ? `${s.call_quality.average_quality.toFixed(1)}/5` : undefined}
          />
          <Figure label="Open alerts" value={s?.alerts} />
        </TitledCard>
      </div>
      <TopVerdictsCard />
      <TitledCard title="Recent Activity">
        {d && d.recent_activity.length === 0 && (
          <p className="text-sm text-muted-foreground">No recent activity</p>
        )}
        <ul className="divide-y">
          {d?.recent_activity.map((a) => (
            <li key={a.id} className="flex justify-between gap-4 py-2 text-sm">
              <ActivityDetails item={a} />
              <span className="shrink-0 text-muted-foreground">
                <Time value={a.timestamp} />
              </span>
            </li>
          ))}
        </ul>
      </TitledCard>
      <p className="text-xs text-muted-foreground">
        Last updated: <Time value={d?.last_updated} />
      </p>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number | string | undefined }) {
  return (
    <div>
      <div className="text-muted-foreground">{label}</div>
      <div className="font-semibold tabular-nums">
        {value === undefined ? '—' : typeof value === 'number' ? formatCount(value) : value}
      </div>
    </div>
  );
}

/** The item's line, with the user it names (the last mention of their username) linked to their page. */
function ActivityDetails({ item }: { item: ActivityItem }) {
  const at = item.username ? item.details.lastIndexOf(item.username) : -1;
  if (!item.username || at < 0) return <span>{item.details}</span>;
  return (
    <span>
      {item.details.slice(0, at)}
      <UserLink id={item.user_id} username={item.username} />
      {item.details.slice(at + item.username.length)}
    </span>
  );
}
