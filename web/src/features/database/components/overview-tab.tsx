import type { DatabaseOverview } from '@switchboard/contract/database';
import { ArchiveIcon, DatabaseIcon, HardDriveIcon, RowsIcon } from 'lucide-react';
import { StatCard } from '@/components/stat-card.tsx';
import { STAT_GRID } from '@/components/stat-overview.tsx';
import { Time } from '@/components/time.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { UsageBar } from '@/components/usage-bar.tsx';
import { formatBytes, formatCount } from '@/lib/format.ts';

/** Totals from the live catalog and the real connection pool. */
export function OverviewTab({ overview }: { overview: DatabaseOverview }) {
  const { pool } = overview;
  const estimated = overview.tables.some((t) => t.records_estimated);
  const busy = pool.total > 0 ? (pool.active / pool.total) * 100 : 0;
  return (
    <div className="flex flex-col gap-4">
      <div className={STAT_GRID}>
        <StatCard label="Total Tables" value={formatCount(overview.total_tables)} icon={<DatabaseIcon />} />
        <StatCard
          label="Total Records"
          value={`${estimated ? '~' : ''}${formatCount(overview.total_records)}`}
          hint={estimated ? 'Large tables are the planner’s estimate' : 'Exact counts'}
          icon={<RowsIcon />}
        />
        <StatCard
          label="Database Size"
          value={formatBytes(overview.database_size_bytes)}
          hint={overview.engine === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}
          icon={<HardDriveIcon />}
        />
        <StatCard
          label="Last Backup"
          value={<Time value={overview.last_backup?.created_at} missing="Never" />}
          hint={
            overview.last_backup?.size_bytes != null
              ? formatBytes(overview.last_backup.size_bytes)
              : undefined
          }
          icon={<ArchiveIcon />}
        />
      </div>
      <TitledCard title="Connection Pool" className="flex flex-col gap-3">
        <dl className="grid grid-cols-3 gap-4 text-sm">
          <PoolFigure label="Active" value={pool.active} />
          <PoolFigure label="Idle" value={pool.idle} />
          <PoolFigure label="Total" value={pool.total} />
        </dl>
        <UsageBar percent={busy} label="Connections in use" />
        {overview.engine === 'pglite' && (
          <p className="text-xs text-muted-foreground">
            PGlite runs in the server process with a single connection.
          </p>
        )}
      </TitledCard>
    </div>
  );
}

function PoolFigure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}
