import {
  SECURITY_MESSAGES,
  type SecurityEvent,
  type SecurityStats,
  securityEndpoints,
} from '@switchboard/contract/security';
import { SEVERITIES } from '@switchboard/contract/security-events';
import { useState } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatCard } from '@/components/stat-card.tsx';
import { loadedCount, STAT_GRID } from '@/components/stat-overview.tsx';
import { PageTabs } from '@/components/tabs.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatCount } from '@/lib/format.ts';
import { listError } from '@/lib/list-error.ts';
import { useCan } from '@/lib/permissions.ts';
import { undoToast } from '@/lib/undo-toast.ts';
import { useListUrlState } from '@/lib/use-list-url-state.ts';
import { useReopenEvent, useResolveEvent, useSecurityEvents, useSecurityStats } from './api.ts';
import { BlockEventIpDialog } from './block-event-ip-dialog.tsx';
import { BlockedIpsTab } from './blocked-ips-tab.tsx';
import { eventColumns } from './columns.tsx';
import { EventFiltersBar } from './event-filters-bar.tsx';
import { SETTINGS_GROUPS, SecuritySettingsDialog, type SettingsGroup } from './security-settings-dialog.tsx';
import { type EventFilters, SecurityUrlQuery } from './security-url-state.ts';

const fetchError = (error: unknown, onRetry: () => void) => ({
  title: 'Error',
  message: errorMessage(error, SECURITY_MESSAGES.fetchFailed),
  onRetry,
});

interface Paging {
  page: number;
  onPageChange(page: number): void;
}

/** Tabs Overview, Security Events, Blocked IPs and Settings, all from the server's own records. */
export function SecurityPage() {
  const { params, update } = useListUrlState(SecurityUrlQuery);
  const paging: Paging = { page: params.page, onPageChange: (page) => update({ page }) };
  return (
    <div className="space-y-6">
      <PageHeader title="Security" description="Security events, blocked addresses and threat settings" />
      <PageTabs
        value={params.tab}
        onValueChange={(tab) => update({ tab })}
        tabs={[
          { value: 'overview', label: 'Overview', content: <Overview /> },
          {
            value: 'events',
            label: 'Security Events',
            content: (
              <EventsTab
                {...paging}
                filters={{
                  type: params.type,
                  severity: params.severity,
                  status: params.status,
                  ip: params.ip,
                  start: params.start,
                  end: params.end,
                }}
                onFilter={update}
              />
            ),
          },
          { value: 'blocked', label: 'Blocked IPs', content: <BlockedIpsTab {...paging} /> },
          { value: 'settings', label: 'Settings', content: <SettingsTab /> },
        ]}
      />
    </div>
  );
}

const SEVERITY_FIELD: Record<(typeof SEVERITIES)[number], keyof SecurityStats> = {
  critical: 'critical_events',
  high: 'high_events',
  medium: 'medium_events',
  low: 'low_events',
};

function Overview() {
  const stats = useSecurityStats();
  if (stats.isError) return <ErrorPanel {...fetchError(stats.error, () => void stats.refetch())} />;
  const s = stats.data;
  return (
    <>
      <div className={STAT_GRID}>
        <StatCard
          label="Total Events"
          value={loadedCount(s?.total_events)}
          hint={s ? `${formatCount(s.active_events)} active` : undefined}
        />
        <StatCard label="Critical Events" value={loadedCount(s?.critical_events)} />
        <StatCard label="Blocked IPs" value={loadedCount(s?.blocked_ips)} />
        <StatCard label="Last 24h Events" value={loadedCount(s?.last_24h_events)} />
      </div>
      <TitledCard title="Severity Distribution" className="space-y-3">
        {SEVERITIES.map((severity) => {
          const count = s ? Number(s[SEVERITY_FIELD[severity]]) : 0;
          const percent = s && s.total_events > 0 ? Math.round((count / s.total_events) * 100) : 0;
          return (
            <div key={severity} className="space-y-1">
              <div className="flex justify-between text-sm">
                <span className="capitalize">{severity}</span>
                <span className="tabular-nums text-muted-foreground">
                  {s ? `${formatCount(count)} (${percent}%)` : '…'}
                </span>
              </div>
              <div className="h-2 rounded-full bg-muted" aria-hidden="true">
                <div className="h-2 rounded-full bg-primary" style={{ width: `${percent}%` }} />
              </div>
            </div>
          );
        })}
      </TitledCard>
    </>
  );
}

function EventsTab({
  page,
  onPageChange,
  filters,
  onFilter,
}: Paging & {
  filters: EventFilters;
  onFilter(changes: Partial<EventFilters>, options?: { replace?: boolean }): void;
}) {
  const events = useSecurityEvents({ page, ...filters });
  const data = events.data;
  const resolve = useResolveEvent();
  const reopen = useReopenEvent();
  const [resolvingId, setResolvingId] = useState<number | null>(null);
  const [blocking, setBlocking] = useState<SecurityEvent | null>(null);
  const can = useCan();
  const canResolve = can(securityEndpoints.resolve);
  const onResolve = async (event: SecurityEvent) => {
    setResolvingId(event.id);
    try {
      await resolve.mutateAsync(event.id);
      undoToast(SECURITY_MESSAGES.resolved, () => reopen.mutateAsync(event.id), {
        undone: SECURITY_MESSAGES.reopened,
        undoFailed: SECURITY_MESSAGES.reopenFailed,
      });
    } catch (error) {
      toast.error(errorMessage(error, SECURITY_MESSAGES.resolveFailed));
    } finally {
      setResolvingId(null);
    }
  };
  return (
    <div className="space-y-4">
      <EventFiltersBar filters={filters} onChange={onFilter} />
      <DataTable
        label="Security events"
        columns={eventColumns(
          canResolve ? (e) => void onResolve(e) : undefined,
          resolvingId,
          can(securityEndpoints.block) ? setBlocking : undefined,
        )}
        rows={data?.events}
        getRowId={(row) => String(row.id)}
        stale={events.isPlaceholderData}
        error={listError(events, 'Error', SECURITY_MESSAGES.fetchFailed)}
        empty={<EmptyState title="No security events" description="Nothing suspicious has been recorded." />}
        pager={{ label: 'Security events pages', noun: 'events', page, result: data, onPageChange }}
      />
      <BlockEventIpDialog event={blocking} onClose={() => setBlocking(null)} />
    </div>
  );
}

function SettingsTab() {
  const [open, setOpen] = useState<SettingsGroup | null>(null);
  return (
    <TitledCard title="Security Settings" className="flex flex-wrap gap-3">
      {(Object.keys(SETTINGS_GROUPS) as SettingsGroup[]).map((group) => (
        <Button key={group} variant="outline" onClick={() => setOpen(group)}>
          {SETTINGS_GROUPS[group].button}
        </Button>
      ))}
      <SecuritySettingsDialog group={open} onClose={() => setOpen(null)} />
    </TitledCard>
  );
}
