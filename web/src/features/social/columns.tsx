import type { Follow, FriendRequest, Like, SocialUser } from '@switchboard/contract/social';
import type { ColumnDef } from '@tanstack/react-table';
import { Time } from '@/components/time.tsx';
import { Badge } from '@/components/ui/badge.tsx';

const when = <Row extends { created_at: string }>(): ColumnDef<Row> => ({
  id: 'created_at',
  header: 'Date',
  cell: ({ row }) => <Time value={row.original.created_at} />,
  meta: { className: 'whitespace-nowrap' },
});
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const userColumns: ColumnDef<SocialUser>[] = [
  { accessorKey: 'username', header: 'Username', meta: { className: 'font-medium' } },
  { accessorKey: 'email', header: 'Email', meta: { className: 'hidden md:table-cell' } },
  { id: 'location', header: 'Location', cell: ({ row }) => row.original.location ?? '—' },
  {
    id: 'type',
    header: 'Type',
    cell: ({ row }) => (
      <span className="flex gap-1">
        {row.original.is_premium ? <Badge>Premium</Badge> : null}
        <Badge variant="outline">{row.original.is_active ? 'Active' : 'Inactive'}</Badge>
      </span>
    ),
  },
  { ...when<SocialUser>(), header: 'Joined' },
];

export const likeColumns: ColumnDef<Like>[] = [
  { accessorKey: 'username', header: 'User', meta: { className: 'font-medium' } },
  {
    id: 'target_type',
    header: 'Target',
    cell: ({ row }) => <Badge variant="outline">{capitalize(row.original.target_type)}</Badge>,
  },
  {
    accessorKey: 'target_id',
    header: 'Target ID',
    meta: { className: 'hidden md:table-cell font-mono text-xs' },
  },
  { id: 'is_active', header: 'Active', cell: ({ row }) => yesNo(row.original.is_active) },
  when<Like>(),
];

export const friendRequestColumns: ColumnDef<FriendRequest>[] = [
  { accessorKey: 'sender_username', header: 'From', meta: { className: 'font-medium' } },
  { accessorKey: 'receiver_username', header: 'To' },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <Badge variant="outline">{capitalize(row.original.status)}</Badge>,
  },
  {
    id: 'message',
    header: 'Message',
    cell: ({ row }) => row.original.message ?? '—',
    meta: { className: 'hidden lg:table-cell' },
  },
  { id: 'is_read', header: 'Read', cell: ({ row }) => yesNo(row.original.is_read) },
  when<FriendRequest>(),
];

export const followColumns: ColumnDef<Follow>[] = [
  { accessorKey: 'follower_username', header: 'Follower', meta: { className: 'font-medium' } },
  { accessorKey: 'following_username', header: 'Following' },
  { id: 'follow_type', header: 'Type', cell: ({ row }) => capitalize(row.original.follow_type) },
  {
    id: 'notifications',
    header: 'Notifications',
    cell: ({ row }) => (row.original.notifications_enabled ? 'On' : 'Off'),
  },
  { id: 'is_active', header: 'Active', cell: ({ row }) => yesNo(row.original.is_active) },
  when<Follow>(),
];
