import type { BlockedIp, SecurityEvent } from '@switchboard/contract/security';
import type { ColumnDef } from '@tanstack/react-table';
import { Time } from '@/components/time.tsx';
import { Badge, type BadgeProps } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatCount } from '@/lib/format.ts';

const SEVERITY_VARIANT: Record<SecurityEvent['severity'], BadgeProps['variant']> = {
  critical: 'destructive',
  high: 'destructive',
  medium: 'warning',
  low: 'secondary',
};

export const eventTypeLabel = (type: string) => type.replace(/_/g, ' ');

/**
 * `onResolve` is absent when the admin's role may not resolve events: no Resolve buttons then; likewise
 * `onBlock` and the "Block this IP" button of an event with an address.
 */
export function eventColumns(
  onResolve: ((event: SecurityEvent) => void) | undefined,
  resolvingId: number | null,
  onBlock?: (event: SecurityEvent) => void,
): ColumnDef<SecurityEvent>[] {
  const columns: ColumnDef<SecurityEvent>[] = [
    {
      header: 'Type',
      cell: ({ row }) => <span className="capitalize">{eventTypeLabel(row.original.event_type)}</span>,
    },
    {
      header: 'Severity',
      cell: ({ row }) => (
        <Badge variant={SEVERITY_VARIANT[row.original.severity]} className="capitalize">
          {row.original.severity}
        </Badge>
      ),
    },
    { header: 'IP', cell: ({ row }) => row.original.ip_address ?? '—' },
    {
      header: 'Description',
      cell: ({ row }) => (
        <span>
          {row.original.description}
          {row.original.occurrences > 1 ? (
            <span className="ml-1 text-xs text-muted-foreground">
              (×{formatCount(row.original.occurrences)})
            </span>
          ) : null}
        </span>
      ),
      meta: { className: 'max-w-md whitespace-normal' },
    },
    {
      header: 'Time',
      cell: ({ row }) => <Time value={row.original.timestamp} />,
      meta: { className: 'hidden md:table-cell', headClassName: 'hidden md:table-cell' },
    },
    {
      header: 'Status',
      cell: ({ row }) =>
        row.original.resolved ? (
          <Badge variant="success">Resolved</Badge>
        ) : (
          <Badge variant="outline">Active</Badge>
        ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => (
        <div className="flex gap-1">
          {row.original.resolved || !onResolve ? null : (
            <Button
              size="sm"
              variant="outline"
              disabled={resolvingId === row.original.id}
              onClick={() => onResolve(row.original)}
            >
              Resolve
            </Button>
          )}
          {row.original.ip_address && onBlock ? (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Block this IP ${row.original.ip_address}`}
              onClick={() => onBlock(row.original)}
            >
              Block this IP
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  return onResolve || onBlock ? columns : columns.filter((c) => c.id !== 'actions');
}

/** `onUnblock` is absent when the admin's role may not unblock: no Unblock buttons then. */
export function blockedColumns(onUnblock?: (ip: BlockedIp) => void): ColumnDef<BlockedIp>[] {
  const columns: ColumnDef<BlockedIp>[] = [
    { header: 'IP address', cell: ({ row }) => <code>{row.original.ip_address}</code> },
    {
      header: 'Reason',
      cell: ({ row }) => row.original.reason,
      meta: { className: 'max-w-md whitespace-normal' },
    },
    { header: 'Blocked', cell: ({ row }) => <Time value={row.original.blocked_at} /> },
    {
      header: 'Expires',
      cell: ({ row }) => (row.original.expires_at ? <Time value={row.original.expires_at} /> : 'Never'),
    },
    {
      header: 'By',
      cell: ({ row }) => row.original.blocked_by ?? '—',
      meta: { className: 'hidden md:table-cell', headClassName: 'hidden md:table-cell' },
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => (
        <Button size="sm" variant="outline" onClick={() => onUnblock?.(row.original)}>
          Unblock
        </Button>
      ),
    },
  ];
  return onUnblock ? columns : columns.filter((c) => c.id !== 'actions');
}
