import { useState } from 'react';
import { AutoRefreshControls } from '@/components/auto-refresh-controls.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatCard } from '@/components/stat-card.tsx';
import { STAT_GRID } from '@/components/stat-overview.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { UsageBar } from '@/components/usage-bar.tsx';
import {
  formatMs,
  formatPercent,
  formatUptimeDays,
  healthVariant,
  latencyLabel,
} from '@/lib/health-display.ts';
import { usePerformance } from './api.ts';
import { HistoryChart } from './history-chart.tsx';

export function PerformancePage() {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const query = usePerformance(autoRefresh);

  const actions = (
    <AutoRefreshControls label="Auto-refresh" state={[autoRefresh, setAutoRefresh]} query={query} />
  );

  if (query.isError) {
    return (
      <div className="space-y-4">
        <PageHeader title="Performance Monitor" actions={actions} />
        <ErrorPanel
          title="Performance Monitor Error"
          message="Failed to fetch performance metrics from backend"
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  const data = query.data;
  if (!query.isPending && !data) {
    return (
      <div className="space-y-4">
        <PageHeader title="Performance Monitor" actions={actions} />
        <EmptyState title="No Performance Data" />
      </div>
    );
  }
  const h = data?.health;
  const usage = [
    { label: 'CPU Usage', value: h?.cpu_usage },
    { label: 'Memory Usage', value: h?.memory_usage },
    { label: 'Disk Usage', value: h?.disk_usage },
  ];
  return (
    <div className="space-y-4">
      <PageHeader title="Performance Monitor" description="System health and performance" actions={actions} />
      <Card>
        <CardHeader className="flex flex-row items-center justify-between">
          <CardTitle>System Health</CardTitle>
          <Badge variant={healthVariant(h?.status)} data-testid="health-status">
            {h?.status ?? 'unknown'}
          </Badge>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <div>
            <p className="mb-1 text-sm font-medium">Issues</p>
            {h && h.issues.length > 0 ? (
              <ul className="list-disc pl-5 text-sm">
                {h.issues.map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No issues detected</p>
            )}
          </div>
          <div>
            <p className="mb-1 text-sm font-medium">Recommendations</p>
            {h && h.recommendations.length > 0 ? (
              <ul className="list-disc pl-5 text-sm">
                {h.recommendations.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">None</p>
            )}
          </div>
        </CardContent>
      </Card>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3">
        {usage.map((u) => (
          <StatCard
            key={u.label}
            label={u.label}
            value={u.value === undefined ? undefined : formatPercent(u.value)}
            hint={u.value === undefined ? undefined : <UsageBar percent={u.value} label={u.label} />}
          />
        ))}
      </div>
      <div className={STAT_GRID}>
        <StatCard
          label="Network Latency"
          value={h ? formatMs(h.network_latency) : undefined}
          hint={h ? latencyLabel(h.network_latency) : undefined}
        />
        <StatCard
          label="Response Time"
          value={h ? formatMs(h.response_time) : undefined}
          hint="p95, last minute"
        />
        <StatCard label="Error Rate" value={h ? `${(h.error_rate * 100).toFixed(2)}%` : undefined} />
        <StatCard label="Uptime" value={h ? formatUptimeDays(h.uptime) : undefined} />
      </div>
      <TitledCard title="Connection Statistics" className="grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-5">
        <Stat label="Active connections" value={h?.active_connections} />
        <Stat label="HTTP connections" value={h?.active_http_connections} />
        <Stat label="Socket connections" value={h?.active_socket_connections} />
        <Stat label="Requests (last minute)" value={h?.requests_per_minute} />
        <Stat label="Total calls" value={data?.totalCalls} />
      </TitledCard>
      {h && h.instances.length > 0 && (
        <TitledCard title="Instances" className="space-y-1 text-sm">
          {h.instances.map((i) => (
            <div key={i.id} className="flex flex-wrap items-center gap-3">
              <span className="font-mono">{i.id}</span>
              <Badge variant={i.stale ? 'destructive' : 'success'}>
                {i.stale ? 'not reporting' : 'reporting'}
              </Badge>
              {i.latest && (
                <span className="text-muted-foreground">
                  CPU {formatPercent(i.latest.cpu_usage)} · p95 {formatMs(i.latest.p95)} ·{' '}
                  {i.latest.active_socket_connections} sockets
                </span>
              )}
            </div>
          ))}
        </TitledCard>
      )}
      <TitledCard title="Last Hour">{data && <HistoryChart points={data.history} />}</TitledCard>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div>
      <div className="text-muted-foreground">{label}</div>
      <div className="text-lg font-semibold tabular-nums">{value ?? '—'}</div>
    </div>
  );
}
