import type { RecentLocation } from '@switchboard/contract/geolocation';
import type { ColumnDef } from '@tanstack/react-table';
import { Time } from '@/components/time.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { UserLink } from '@/components/user-link.tsx';
import { enumLabel } from '@/lib/enum-label.ts';

/** High when the source reported an accuracy, Medium when it gave none. */
export const accuracyLabel = (accuracy: number | null) => (accuracy === null ? 'Medium' : 'High');
export const formatCoordinates = (lat: number, lon: number) => `${lat.toFixed(4)}, ${lon.toFixed(4)}`;

export const locationColumns: ColumnDef<RecentLocation>[] = [
  {
    id: 'location',
    header: 'Location',
    cell: ({ row }) => (
      <div className="flex flex-col">
        <span className="font-medium">
          {row.original.city}, {row.original.country}
        </span>
        <span className="font-mono text-xs text-muted-foreground">
          {formatCoordinates(row.original.latitude, row.original.longitude)}
        </span>
      </div>
    ),
  },
  {
    id: 'user',
    header: 'User',
    cell: ({ row }) => <UserLink id={row.original.user_id} username={row.original.username} />,
  },
  {
    id: 'source',
    header: 'Source',
    cell: ({ row }) => <Badge variant="outline">{enumLabel(row.original.location_type)}</Badge>,
  },
  {
    id: 'accuracy',
    header: 'Accuracy',
    cell: ({ row }) => (
      <Badge variant={row.original.accuracy === null ? 'warning' : 'success'}>
        {accuracyLabel(row.original.accuracy)}
      </Badge>
    ),
  },
  {
    id: 'time',
    header: 'Time',
    cell: ({ row }) => <Time value={row.original.created_at} />,
    meta: { className: 'whitespace-nowrap' },
  },
];
