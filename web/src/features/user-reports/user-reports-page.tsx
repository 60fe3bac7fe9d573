import { type ReportStatus, USER_REPORT_MESSAGES, type UserReport } from '@switchboard/contract/user-reports';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { PagedTable } from '@/components/paged-table.tsx';
import { StatCard } from '@/components/stat-card.tsx';
import { loadedCount as n, StatOverview } from '@/components/stat-overview.tsx';
import { PageTabs } from '@/components/tabs.tsx';
import { Time } from '@/components/time.tsx';
import { Badge, type BadgeProps } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useListUrlState } from '@/lib/use-list-url-state.ts';
import { useReportStats, useReports } from './api.ts';
import { ReportDetailsDialog, reportTypeLabel } from './report-details-dialog.tsx';
import { UserReportsUrlQuery } from './user-reports-url-state.ts';

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
            content: <ReportsTable status={undefined} onView={setSelected} {...paging} />,
          },
          {
            value: 'pending',
            label: 'Pending Reports',
            content: <ReportsTable status="pending" onView={setSelected} {...paging} />,
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

function ReportsTable({
  status,
  onView,
  page,
  onPageChange,
}: {
  status: ReportStatus | undefined;
  onView(report: UserReport): void;
  page: number;
  onPageChange(page: number): void;
}) {
  const reports = useReports(page, status);
  return (
    <PagedTable
      label={status === 'pending' ? 'Pending reports' : 'All reports'}
      pagerLabel="Reports pages"
      noun="reports"
      columns={reportColumns(onView)}
      query={reports}
      rowsOf={(data) => data.reports}
      getRowId={(row) => String(row.id)}
      page={page}
      onPageChange={onPageChange}
      fetchFailed={USER_REPORT_MESSAGES.fetchFailed}
      empty={
        <EmptyState
          title="No reports"
          description={status === 'pending' ? 'No reports are waiting.' : 'No reports yet.'}
        />
      }
    />
  );
}
