import {
  LOG_LEVELS,
  type LogLevel,
  SYSTEM_LOG_MESSAGES,
  type SystemLog,
} from '@switchboard/contract/system-logs';
import type { ColumnDef } from '@tanstack/react-table';
import { type FormEvent, useState } from 'react';
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { type FilterFieldSpec, FilterFields } from '@/components/filter-field.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatCard } from '@/components/stat-card.tsx';
import { loadedCount as n, StatOverview } from '@/components/stat-overview.tsx';
import { PageTabs } from '@/components/tabs.tsx';
import { Time } from '@/components/time.tsx';
import { Badge, type BadgeProps } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { UserLink } from '@/components/user-link.tsx';
import { formatCount, formatTotal } from '@/lib/format.ts';
import { listError } from '@/lib/list-error.ts';
import { useListUrlState } from '@/lib/use-list-url-state.ts';
import { type LogFilters, useLogStats, useSystemLogs } from './api.ts';
import { SystemLogsUrlQuery } from './system-logs-url-state.ts';

const LEVEL_LABEL: Record<LogLevel, string> = {
  DEBUG: 'Debug',
  INFO: 'Info',
  WARNING: 'Warning',
  ERROR: 'Error',
  CRITICAL: 'Critical',
};
const LEVEL_VARIANT: Record<LogLevel, BadgeProps['variant']> = {
  DEBUG: 'secondary',
  INFO: 'outline',
  WARNING: 'warning',
  ERROR: 'destructive',
  CRITICAL: 'destructive',
};

const columns: ColumnDef<SystemLog>[] = [
  { header: 'Time', cell: ({ row }) => <Time value={row.original.timestamp} /> },
  {
    header: 'Level',
    cell: ({ row }) => (
      <Badge variant={LEVEL_VARIANT[row.original.level]}>{LEVEL_LABEL[row.original.level]}</Badge>
    ),
  },
  { header: 'Module', cell: ({ row }) => row.original.module },
  {
    header: 'Message',
    cell: ({ row }) => row.original.message,
    meta: { className: 'max-w-lg whitespace-normal break-words' },
  },
  {
    header: 'User',
    cell: ({ row }) => <UserLink id={row.original.user_id} username={row.original.username} />,
    meta: { className: 'hidden lg:table-cell', headClassName: 'hidden lg:table-cell' },
  },
  {
    header: 'IP',
    cell: ({ row }) => row.original.ip_address ?? '—',
    meta: { className: 'hidden md:table-cell', headClassName: 'hidden md:table-cell' },
  },
];

const NO_FILTERS: LogFilters = {
  level: undefined,
  module: undefined,
  search: undefined,
  start: undefined,
  end: undefined,
};
const EMPTY_DRAFT = { level: '', module: '', search: '', start: '', end: '' };
const FILTER_FIELDS = [
  { key: 'module', label: 'Module', placeholder: 'Module' },
  { key: 'search', label: 'Search', placeholder: 'Search messages' },
  { key: 'start', label: 'Start', type: 'datetime-local' },
  { key: 'end', label: 'End', type: 'datetime-local' },
] as const satisfies readonly FilterFieldSpec<keyof typeof EMPTY_DRAFT>[];
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);
/** ISO → the datetime-local text (local time, to the minute) the form shows. */
const toLocal = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const filtersOf = (q: SystemLogsUrlQuery): LogFilters => ({
  level: q.level,
  module: q.module,
  search: q.search,
  start: q.start,
  end: q.end,
});
const draftOf = (f: LogFilters) => ({
  level: f.level ?? '',
  module: f.module ?? '',
  search: f.search ?? '',
  start: toLocal(f.start),
  end: toLocal(f.end),
});

interface Paging {
  page: number;
  onPageChange(page: number): void;
}

/**
 * Tabs Overview, Logs and Search over the persisted server and client logs, 20 per page. The tab,
 * the page and the search's filters are in the URL.
 */
export function SystemLogsPage() {
  const { params, update } = useListUrlState(SystemLogsUrlQuery);
  const paging: Paging = { page: params.page, onPageChange: (page) => update({ page }) };
  const filters = filtersOf(params);
  const searched = params.searched !== undefined || Object.values(filters).some((v) => v !== undefined);
  return (
    <div className="space-y-6">
      <PageHeader title="System Logs" description="The server's own logs and client error reports" />
      <PageTabs
        value={params.tab}
        onValueChange={(tab) => update({ tab })}
        tabs={[
          { value: 'overview', label: 'Overview', content: <LogOverview /> },
          { value: 'logs', label: 'Logs', content: <LogsTable filters={NO_FILTERS} {...paging} /> },
          {
            value: 'search',
            label: 'Search',
            content: (
              <LogSearch
                filters={searched ? filters : null}
                onSearch={(next) =>
                  update({
                    ...(next ?? NO_FILTERS),
                    searched: next && Object.values(next).every((v) => v === undefined) ? 'all' : undefined,
                  })
                }
                {...paging}
              />
            ),
          },
        ]}
      />
    </div>
  );
}

function LogOverview() {
  return (
    <StatOverview query={useLogStats()} fetchFailed={SYSTEM_LOG_MESSAGES.fetchFailed}>
      {(s) => (
        <>
          <StatCard label="Total Logs" value={n(s?.total_logs)} />
          <StatCard
            label="Errors"
            value={n(s ? s.error_logs + s.critical_logs : undefined)}
            hint={s ? `${formatCount(s.critical_logs)} critical` : undefined}
          />
          <StatCard label="Warnings" value={n(s?.warning_logs)} />
          <StatCard label="Info" value={n(s?.info_logs)} />
          <StatCard label="Debug" value={n(s?.debug_logs)} />
          <StatCard
            label="Last 24h"
            value={s ? formatTotal(s.last_24h_logs, s.last_24h_capped) : undefined}
          />
        </>
      )}
    </StatOverview>
  );
}

function LogsTable({ filters, page, onPageChange }: { filters: LogFilters } & Paging) {
  const logs = useSystemLogs(filters, page);
  const data = logs.data;
  return (
    <DataTable
      label="System logs"
      columns={columns}
      rows={data?.logs}
      getRowId={(row) => String(row.id)}
      stale={logs.isPlaceholderData}
      error={listError(logs, 'Error', SYSTEM_LOG_MESSAGES.fetchFailed)}
      empty={<EmptyState title="No logs" description="No log entries match." />}
      pager={{ label: 'System logs pages', noun: 'logs', page, result: data, onPageChange }}
    />
  );
}

/** The search form and, once a search has run, its results. `filters` is null before that. */
function LogSearch({
  filters,
  onSearch,
  ...paging
}: { filters: LogFilters | null; onSearch(filters: LogFilters | null): void } & Paging) {
  // The form follows the URL's filters when they change from outside (Back, a link).
  const urlKey = JSON.stringify(filters);
  const [shown, setShown] = useState({ urlKey, draft: draftOf(filters ?? NO_FILTERS) });
  if (shown.urlKey !== urlKey) setShown({ urlKey, draft: draftOf(filters ?? NO_FILTERS) });
  const draft = shown.draft;
  const setDraft = (next: typeof EMPTY_DRAFT) => setShown({ urlKey, draft: next });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({
      level: (draft.level || undefined) as LogLevel | undefined,
      module: draft.module.trim() || undefined,
      search: draft.search.trim() || undefined,
      start: toIso(draft.start),
      end: toIso(draft.end),
    });
  };
  const clear = () => {
    setDraft(EMPTY_DRAFT);
    onSearch(null);
  };
  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-label="Search logs">
        <div className="space-y-1">
          <Label htmlFor="log-level">Level</Label>
          <select
            id="log-level"
            className="h-9 w-full rounded-md border bg-background px-2 text-sm"
            value={draft.level}
            onChange={(e) => setDraft({ ...draft, level: e.target.value })}
          >
            <option value="">All levels</option>
            {LOG_LEVELS.map((level) => (
              <option key={level} value={level}>
                {LEVEL_LABEL[level]}
              </option>
            ))}
          </select>
        </div>
        <FilterFields idPrefix="log" fields={FILTER_FIELDS} draft={draft} onChange={setDraft} />
        <div className="flex gap-2 sm:col-span-2 lg:col-span-5">
          <Button type="submit">Search</Button>
          <Button type="button" variant="outline" onClick={clear}>
            Clear
          </Button>
        </div>
      </form>
      {filters ? <LogsTable filters={filters} {...paging} /> : null}
    </div>
  );
}
