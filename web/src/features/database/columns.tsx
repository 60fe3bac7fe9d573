import type {
  DatabaseCallRow,
  DatabaseIndex,
  DatabaseTable,
  DatabaseUserRow,
} from '@switchboard/contract/database';
import type { ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import { Time } from '@/components/time.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { formatBytes, formatCoins, formatCount, formatDurationWords } from '@/lib/format.ts';

type UserRow = z.infer<typeof DatabaseUserRow>;
type CallRow = z.infer<typeof DatabaseCallRow>;
type TableRow = z.infer<typeof DatabaseTable>;
type IndexRow = z.infer<typeof DatabaseIndex>;

const wide = { className: 'hidden md:table-cell', headClassName: 'hidden md:table-cell' };

/** "Xm Ys", or "0s" for a call that never connected. */
export function formatCallDuration(seconds: number): string {
  return seconds > 0 ? formatDurationWords(seconds) : '0s';
}

export const tableColumns: ColumnDef<TableRow>[] = [
  {
    header: 'Name',
    accessorKey: 'name',
    cell: ({ row }) => <span className="font-mono">{row.original.name}</span>,
  },
  {
    header: 'Records',
    cell: ({ row }) =>
      row.original.records_estimated ? (
        <span title="The planner's estimate: too many rows to count on every visit">
          ~{formatCount(row.original.records)}{' '}
          <span className="text-xs text-muted-foreground">(estimated)</span>
        </span>
      ) : (
        formatCount(row.original.records)
      ),
  },
  { header: 'Size', cell: ({ row }) => formatBytes(row.original.size_bytes) },
  {
    header: 'Last Updated',
    meta: wide,
    cell: ({ row }) => <Time value={row.original.last_updated} missing="Unknown" />,
  },
];

export const indexColumns: ColumnDef<IndexRow>[] = [
  { header: 'Name', cell: ({ row }) => <span className="font-mono">{row.original.name}</span> },
  { header: 'Table', accessorKey: 'table' },
  { header: 'Columns', meta: wide, cell: ({ row }) => row.original.columns.join(', ') },
  {
    header: 'Unique',
    cell: ({ row }) => (row.original.unique ? <Badge variant="secondary">Unique</Badge> : 'No'),
  },
  { header: 'Size', cell: ({ row }) => formatBytes(row.original.size_bytes) },
];

export const userColumns: ColumnDef<UserRow>[] = [
  {
    id: 'user',
    header: 'User',
    cell: ({ row }) => (
      <div className="flex items-center gap-3">
        <UserAvatar user={row.original} />
        <div className="min-w-0">
          <div className="truncate font-medium">{row.original.full_name || row.original.username}</div>
          <div className="truncate text-xs text-muted-foreground">@{row.original.username}</div>
        </div>
      </div>
    ),
  },
  { header: 'Email', accessorKey: 'email', meta: wide },
  {
    header: 'Status',
    cell: ({ row }) => (
      <div className="flex flex-wrap gap-1">
        <Badge variant={row.original.is_active ? 'success' : 'secondary'}>
          {row.original.is_active ? 'Active' : 'Inactive'}
        </Badge>
        {row.original.is_admin && <Badge>Admin</Badge>}
      </div>
    ),
  },
  { header: 'Calls', cell: ({ row }) => formatCount(row.original.call_count) },
  { header: 'Coins', cell: ({ row }) => formatCoins(row.original.coin_balance) },
  {
    header: 'Last Login',
    meta: wide,
    cell: ({ row }) => <Time value={row.original.last_login} missing="Never" />,
  },
];

export const callColumns: ColumnDef<CallRow>[] = [
  { header: 'ID', cell: ({ row }) => <span className="font-mono">#{row.original.id}</span> },
  { header: 'Caller', accessorKey: 'caller' },
  { header: 'Callee', accessorKey: 'callee' },
  { header: 'Type', meta: wide, cell: ({ row }) => <span className="capitalize">{row.original.type}</span> },
  {
    header: 'Status',
    cell: ({ row }) => (
      <Badge variant={STATUS_VARIANT[row.original.status] ?? 'outline'} className="capitalize">
        {row.original.status}
      </Badge>
    ),
  },
  { header: 'Duration', cell: ({ row }) => formatCallDuration(row.original.duration) },
  { header: 'Cost', cell: ({ row }) => `${formatCoins(row.original.cost)} coins` },
];

/** The database view distinguishes completed, active and failed; anything else is neutral. */
const STATUS_VARIANT: Record<string, 'success' | 'default' | 'destructive'> = {
  completed: 'success',
  ended: 'success',
  active: 'default',
  failed: 'destructive',
};
