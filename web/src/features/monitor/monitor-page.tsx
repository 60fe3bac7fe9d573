import { useQueryClient } from '@tanstack/react-query';
import { ActivityIcon, PhoneCallIcon, StarIcon, UsersIcon } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { LiveCharts } from '@/components/live-charts.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatCard } from '@/components/stat-card.tsx';
import { STAT_GRID } from '@/components/stat-overview.tsx';
import { Time } from '@/components/time.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { UsageMeter } from '@/components/usage-meter.tsx';
import { formatMs, formatUptimeHours, healthVariant } from '@/lib/health-display.ts';
import { useLiveSeries } from '@/lib/use-live-series.ts';
import { useLiveSocket } from '@/lib/use-live-socket.ts';
import { cn } from '@/lib/utils.ts';
import { DEFAULT_MONITOR_INTERVAL, MONITOR_INTERVALS, monitorKey, useMonitor } from './api.ts';

const SEVERITY_CLASS = {
  red: 'border-destructive/40 bg-destructive/10 text-destructive',
  yellow: 'border-warning/50 bg-warning/15 text-warning-foreground',
  blue: 'border-primary/30 bg-primary/10 text-primary',
};
/** critical and high red, medium yellow, anything else blue. */
const severityColour = (severity: string) =>
  severity === 'critical' || severity === 'high' ? 'red' : severity === 'medium' ? 'yellow' : 'blue';

const STATUSES = ['healthy', 'warning', 'error'];

const SOCKET_BADGE = {
  connecting: { text: 'Connecting…', variant: 'secondary' },
  connected: { text: 'Connected', variant: 'success' },
  disconnected: { text: 'Disconnected', variant: 'destructive' },
} as const;

export function MonitorPage() {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const [intervalMs, setIntervalMs] = useState<number>(DEFAULT_MONITOR_INTERVAL);
  const queryClient = useQueryClient();
  const lastPush = useRef(0);
  const selectId = useId();

  // Each push refreshes the screen, at most once per chosen interval.
  const onPush = useCallback(() => {
    if (!autoRefresh || Date.now() - lastPush.current < intervalMs) return;
    lastPush.current = Date.now();
    void queryClient.invalidateQueries({ queryKey: monitorKey });
  }, [autoRefresh, intervalMs, queryClient]);
  const live = useLiveSeries();
  const { connected, state: socketState } = useLiveSocket({
    metrics: onPush,
    alert: onPush,
    live_series: live.onPoints,
  });
  // While the socket is down the screen polls at the chosen interval instead.
  const query = useMonitor(autoRefresh && !connected ? intervalMs : false);

  const m = query.data?.metrics;
  const status = query.data?.status.status;
  const shownStatus = status && STATUSES.includes(status) ? status : 'unknown';
  return (
    <div className="space-y-4">
      <PageHeader
        title="Real-time Monitor"
        description="Live system status"
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <Badge variant={SOCKET_BADGE[socketState].variant} data-testid="socket-status">
              {SOCKET_BADGE[socketState].text}
            </Badge>
            <Button
              variant="outline"
              size="sm"
              aria-pressed={autoRefresh}
              onClick={() => setAutoRefresh((v) => !v)}
            >
              Auto-refresh {autoRefresh ? 'ON' : 'OFF'}
            </Button>
            <label htmlFor={selectId} className="sr-only">
              Refresh interval
            </label>
            <select
              id={selectId}
              className="h-8 rounded-md border bg-background px-2 text-sm disabled:opacity-50"
              value={intervalMs}
              disabled={!autoRefresh}
              onChange={(e) => setIntervalMs(Number(e.target.value))}
            >
              {MONITOR_INTERVALS.map((ms) => (
                <option key={ms} value={ms}>
                  {ms / 1000}s
                </option>
              ))}
            </select>
          </div>
        }
      />
      {query.isError && !query.data ? (
        <ErrorPanel message="Failed to fetch monitoring data" onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Card>
            <CardContent className="flex flex-wrap items-center gap-4">
              <span className="text-sm">System status</span>
              <Badge variant={healthVariant(shownStatus)} data-testid="system-status">
                {shownStatus}
              </Badge>
              <span className="text-sm text-muted-foreground">
                Uptime {query.data ? formatUptimeHours(query.data.status.uptime) : '—'}
              </span>
            </CardContent>
          </Card>
          <div className={STAT_GRID}>
            <StatCard label="Active Connections" value={m?.activeConnections} icon={<ActivityIcon />} />
            <StatCard
              label="Active Calls"
              value={m?.activeCalls}
              hint={m ? `${m.ringingCalls} ringing` : undefined}
              icon={<PhoneCallIcon />}
            />
            <StatCard label="Online Users" value={m?.onlineUsers} icon={<UsersIcon />} />
            <StatCard
              label="Call Quality"
              value={m ? `${m.callQuality.averageQuality.toFixed(1)}/5` : undefined}
              icon={<StarIcon />}
            />
          </div>
          <LiveCharts points={live.points} />
          <TitledCard title="System Metrics" className="space-y-3">
            {(
              [
                ['CPU', m?.systemMetrics.cpuUsage],
                ['Memory', m?.systemMetrics.memoryUsage],
                ['Disk', m?.systemMetrics.diskUsage],
              ] as const
            ).map(([label, value]) => (
              <UsageMeter
                key={label}
                label={label}
                value={value}
                barLabel={`${label} usage`}
                testId={`${label.toLowerCase()}-percent`}
              />
            ))}
            <div className="text-sm">
              Network Latency:{' '}
              <span className="tabular-nums">{m ? formatMs(m.systemMetrics.networkLatency) : '—'}</span>
            </div>
          </TitledCard>
          <TitledCard title="Recent Alerts" className="space-y-2">
            {query.data && query.data.alerts.length === 0 && (
              <p className="text-sm text-muted-foreground">No recent alerts</p>
            )}
            {query.data?.alerts.slice(0, 5).map((a) => (
              <div
                key={a.id}
                data-severity={severityColour(a.severity)}
                className={cn(
                  'rounded-md border px-3 py-2 text-sm',
                  SEVERITY_CLASS[severityColour(a.severity)],
                )}
              >
                <div className="flex justify-between gap-2">
                  <span className="font-medium">{a.message}</span>
                  <span className="uppercase">{a.severity}</span>
                </div>
                <div className="text-xs">
                  <Time value={a.timestamp} />
                  {a.cleared_at ? (
                    <>
                      {' · cleared '}
                      <Time value={a.cleared_at} />
                    </>
                  ) : null}
                </div>
              </div>
            ))}
          </TitledCard>
          <p className="text-xs text-muted-foreground">
            Last updated:{' '}
            <Time value={query.dataUpdatedAt ? new Date(query.dataUpdatedAt).toISOString() : null} />
          </p>
        </>
      )}
    </div>
  );
}
