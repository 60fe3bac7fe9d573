import { DATABASE_MESSAGES, DATABASE_TAB_ROWS, databaseEndpoints } from '@switchboard/contract/database';
import type { ColumnDef } from '@tanstack/react-table';
import { ArchiveIcon, GaugeIcon, SparklesIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { DataTable, type DataTableError } from '@/components/data-table.tsx';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatCount } from '@/lib/format.ts';
import { useCan } from '@/lib/permissions.ts';
import { useTabUrlState } from '@/lib/use-tab-url-state.ts';
import { useAnalyze, useCreateBackup, useDatabaseOverview, useDatabaseSample, useVacuum } from './api.ts';
import { callColumns, indexColumns, tableColumns, userColumns } from './columns.tsx';
import { OptimizationTab } from './components/optimization-tab.tsx';
import { OverviewTab } from './components/overview-tab.tsx';

const TABS = [
  ['overview', 'Overview'],
  ['tables', 'Tables'],
  ['users', 'Users'],
  ['calls', 'Calls'],
  ['indexes', 'Indexes'],
  ['optimization', 'Optimization'],
] as const;

/** Database Management: live catalog figures, the first rows of users and calls, backups and maintenance. */
export function DatabasePage() {
  const overview = useDatabaseOverview();
  const sample = useDatabaseSample();
  const backup = useCreateBackup();
  const vacuum = useVacuum();
  const analyze = useAnalyze();
  const [durations, setDurations] = useState<{ vacuum?: number; analyze?: number }>({});
  const busy = backup.isPending || vacuum.isPending || analyze.isPending;
  // Backup, vacuum and analyze are all the data area's write.
  const canMaintain = useCan()(databaseEndpoints.backup);
  const [tab, setTab] = useTabUrlState(TABS);

  const runBackup = () =>
    backup.mutate(undefined, {
      onSuccess: (r) => toast.success(r.message),
      onError: (e) => toast.error(errorMessage(e, DATABASE_MESSAGES.backupFailed)),
    });
  const runVacuum = () =>
    vacuum.mutate(undefined, {
      onSuccess: (r) => {
        setDurations((d) => ({ ...d, vacuum: r.duration_ms }));
        toast.success(r.message);
      },
      onError: (e) => toast.error(errorMessage(e, DATABASE_MESSAGES.vacuumFailed)),
    });
  // Optimizing refreshes the planner's statistics, which also refreshes the estimated counts.
  const runAnalyze = () =>
    analyze.mutate(undefined, {
      onSuccess: (r) => {
        setDurations((d) => ({ ...d, analyze: r.duration_ms }));
        toast.success(r.message);
      },
      onError: (e) => toast.error(errorMessage(e, DATABASE_MESSAGES.optimizeFailed)),
    });

  const retry = () => {
    void overview.refetch();
    void sample.refetch();
  };
  const sampleError = sample.isError
    ? {
        title: 'Database',
        message: errorMessage(sample.error, DATABASE_MESSAGES.fetchFailed),
        onRetry: retry,
      }
    : null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Database Management"
        actions={
          canMaintain ? (
            <>
              <Button onClick={runBackup} disabled={busy}>
                <ArchiveIcon aria-hidden="true" />
                {backup.isPending ? 'Creating Backup...' : 'Create Backup'}
              </Button>
              <Button variant="outline" onClick={runAnalyze} disabled={busy}>
                <SparklesIcon aria-hidden="true" />
                {analyze.isPending ? 'Optimizing...' : 'Optimize Database'}
              </Button>
              <Button variant="outline" onClick={runVacuum} disabled={busy}>
                <GaugeIcon aria-hidden="true" />
                {vacuum.isPending ? 'Vacuuming...' : 'Vacuum Database'}
              </Button>
            </>
          ) : undefined
        }
      />
      {overview.isPending ? (
        <Spinner showLabel className="self-center py-10" />
      ) : overview.isError ? (
        <ErrorPanel
          title="Database Management"
          message={errorMessage(overview.error, DATABASE_MESSAGES.fetchFailed)}
          onRetry={retry}
        />
      ) : (
        <Tabs value={tab} onValueChange={(next) => setTab(next as typeof tab)}>
          <TabsList aria-label="Database sections">
            {TABS.map(([value, label]) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview">
            <OverviewTab overview={overview.data} />
          </TabsContent>
          <TabsContent value="tables">
            <CatalogTable label="Tables" columns={tableColumns} rows={overview.data.tables} />
          </TabsContent>
          <TabsContent value="users">
            <SampleTable label="Users" columns={userColumns} part={sample.data?.users} error={sampleError} />
          </TabsContent>
          <TabsContent value="calls">
            <SampleTable label="Calls" columns={callColumns} part={sample.data?.calls} error={sampleError} />
          </TabsContent>
          <TabsContent value="indexes">
            <CatalogTable label="Indexes" columns={indexColumns} rows={overview.data.indexes} />
          </TabsContent>
          <TabsContent value="optimization">
            <OptimizationTab
              lastBackup={overview.data.last_backup}
              durations={durations}
              busy={busy}
              canMaintain={canMaintain}
              onVacuum={runVacuum}
              onAnalyze={runAnalyze}
              onBackup={runBackup}
            />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}

/** Tables and indexes from the catalog, each named uniquely. */
function CatalogTable<Row extends { name: string }>(props: {
  label: string;
  columns: ColumnDef<Row>[];
  rows: Row[];
}) {
  return <DataTable {...props} getRowId={(row) => row.name} empty={`No ${props.label.toLowerCase()}`} />;
}

interface SampleTableProps<Row extends { id: string }> {
  label: string;
  columns: ColumnDef<Row>[];
  part: { total: number; rows: Row[] } | undefined;
  error: DataTableError | null;
}

/** The first rows of a big table, with how many there are in all. */
function SampleTable<Row extends { id: string }>({ label, columns, part, error }: SampleTableProps<Row>) {
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={part?.rows}
      getRowId={(row) => row.id}
      error={error}
      empty={`No ${label.toLowerCase()}`}
      skeletonRows={DATABASE_TAB_ROWS}
      footer={
        part && (
          <p className="px-4 py-3 text-sm text-muted-foreground">
            Showing first {formatCount(Math.min(part.rows.length, DATABASE_TAB_ROWS))} of{' '}
            {formatCount(part.total)}
          </p>
        )
      }
    />
  );
}
