import {
  REPORT_STATUSES,
  REPORT_TYPES,
  type ReportStatus,
  USER_REPORT_MESSAGES,
  type UserReport,
} from '@switchboard/contract/user-reports';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { OptionSelect } from '@/components/option-select.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { SearchBox } from '@/components/search-box.tsx';
import { StatCard } from '@/components/stat-card.tsx';
import { loadedCount as n, StatOverview } from '@/components/stat-overview.tsx';
import { PageTabs } from '@/components/tabs.tsx';
import { Time } from '@/components/time.tsx';
import { Badge, type BadgeProps } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { listError } from '@/lib/list-error.ts';
import { useListUrlState } from '@/lib/use-list-url-state.ts';
import { useReportStats, useReports } from './api.ts';
import { ReportDetailsDialog, reportTypeLabel } from './report-details-dialog.tsx';
import { type ReportFilters, UserReportsUrlQuery } from './user-reports-url-state.ts';

const STATUS_VARIANT: Record<ReportStatus, BadgeProps['variant']> = {
  pending: 'warning',
  reviewed: 'secondary',
  resolved: 'success',
  dismissed: 'outline',
};

function reportColumns(onView: (report: UserReport) => void): ColumnDef<UserReport>[] {
  return [
    {
      header: 'Type',
      cell: ({ row }) => <span className="capitalize">{reportTypeLabel(row.original.report_type)}</span>,
    },
    {
      header: 'Reason',
      cell: ({ row }) => row.original.reason,
      meta: { className: 'max-w-sm whitespace-normal' },
    },
    {
      header: 'Status',
      cell: ({ row }) => (
        <Badge variant={STATUS_VARIANT[row.original.status]} className="capitalize">
          {row.original.status}
        </Badge>
      ),
    },
    {
      header: 'Created',
      cell: ({ row }) => <Time value={row.original.created_at} />,
      meta: { className: 'hidden md:table-cell', headClassName: 'hidden md:table-cell' },
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => (
        <Button size="sm" variant="outline" onClick={() => onView(row.original)}>
          View Details
        </Button>
      ),
    },
  ];
}

/** Tabs Overview, All Reports and Pending Reports; a report's details open in a modal. */
export function UserReportsPage() {
  const [selected, setSelected] = useState<UserReport | null>(null);
  const { params, update } = useListUrlState(UserReportsUrlQuery);
  const paging = { page: params.page, onPageChange: (page: number) => update({ page }) };
  const filters: ReportFilters = {
    search: params.search,
    type: params.type,
    status: params.status,
    start: params.start,
    end: params.end,
  };
  const table = (status: ReportStatus | undefined) => (
    <div className="space-y-4">
      <ReportFiltersBar filters={filters} fixedStatus={status !== undefined} onChange={update} />
      <ReportsTable status={status} filters={filters} onView={setSelected} {...paging} />
    </div>
  );
  return (
    <div className="space-y-6">
      <PageHeader title="User Reports" description="Reports users have filed about other users" />
      <PageTabs
        value={params.tab}
        onValueChange={(tab) => update({ tab })}
        tabs={[
          { value: 'overview', label: 'Overview', content: <ReportsOverview /> },
          {
            value: 'all',
            label: 'All Reports',
            content: table(undefined),
          },
          {
            value: 'pending',
            label: 'Pending Reports',
            content: table('pending'),
          },
        ]}
      />
      <ReportDetailsDialog report={selected} onClose={() => setSelected(null)} />
    </div>
  );
}

function ReportsOverview() {
  return (
    <StatOverview query={useReportStats()} fetchFailed={USER_REPORT_MESSAGES.fetchFailed}>
      {(s) => (
        <>
          <StatCard label="Total Reports" value={n(s?.total_reports)} />
          <StatCard label="Pending" value={n(s?.pending_reports)} />
          <StatCard label="Reviewed" value={n(s?.reviewed_reports)} />
          <StatCard label="Resolved" value={n(s?.resolved_reports)} />
          <StatCard label="Dismissed" value={n(s?.dismissed_reports)} />
          <StatCard label="Last 24h" value={n(s?.last_24h_reports)} />
        </>
      )}
    </StatOverview>
  );
}

const TYPE_LABELS = {
  all: 'All Types',
  ...Object.fromEntries(REPORT_TYPES.map((t) => [t, reportTypeLabel(t)])),
};
const STATUS_LABELS = { all: 'All Status', ...Object.fromEntries(REPORT_STATUSES.map((s) => [s, s])) };

/** An ISO instant as a datetime-local value (local time, to the minute), and back. */
const toLocal = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** Search by either party's username, type, status (not on the Pending tab) and the dates it was made between. */
function ReportFiltersBar({
  filters,
  fixedStatus,
  onChange,
}: {
  filters: ReportFilters;
  fixedStatus: boolean;
  onChange(changes: Partial<ReportFilters>, options?: { replace?: boolean }): void;
}) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end">
      <SearchBox
        value={filters.search ?? ''}
        onSearch={(search) => onChange({ search: search || undefined }, { replace: true })}
        label="Search reports"
        placeholder="Search reports by username..."
      />
      <OptionSelect
        label="Report type filter"
        hideLabel
        value={filters.type}
        options={['all', ...REPORT_TYPES] as const}
        labels={TYPE_LABELS}
        onChange={(type) => onChange({ type })}
        className="md:w-44"
      />
      {fixedStatus ? null : (
        <OptionSelect
          label="Report status filter"
          hideLabel
          value={filters.status}
          options={['all', ...REPORT_STATUSES] as const}
          labels={STATUS_LABELS}
          onChange={(status) => onChange({ status })}
          className="md:w-40"
        />
      )}
      {(['start', 'end'] as const).map((key) => (
        <div key={key} className="flex flex-col gap-1.5">
          <Label htmlFor={`reports-${key}`}>{key === 'start' ? 'From' : 'To'}</Label>
          <Input
            id={`reports-${key}`}
            type="datetime-local"
            value={toLocal(filters[key])}
            onChange={(e) => onChange({ [key]: toIso(e.target.value) })}
          />
        </div>
      ))}
    </div>
  );
}

function ReportsTable({
  status,
  filters,
  onView,
  page,
  onPageChange,
}: {
  status: ReportStatus | undefined;
  filters: ReportFilters;
  onView(report: UserReport): void;
  page: number;
  onPageChange(page: number): void;
}) {
  const reports = useReports(page, status, filters);
  const data = reports.data;
  return (
    <DataTable
      label={status === 'pending' ? 'Pending reports' : 'All reports'}
      columns={reportColumns(onView)}
      rows={data?.reports}
      getRowId={(row) => String(row.id)}
      stale={reports.isPlaceholderData}
      error={listError(reports, 'Error', USER_REPORT_MESSAGES.fetchFailed)}
      pager={{ label: 'Reports pages', noun: 'reports', page, result: data, onPageChange }}
      empty={
        <EmptyState
          title="No reports"
          description={status === 'pending' ? 'No reports are waiting.' : 'No reports yet.'}
        />
      }
    />
  );
}
