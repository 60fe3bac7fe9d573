import type { Follow, FriendRequest, Like, SocialUser } from '@switchboard/contract/social';
import type { ColumnDef } from '@tanstack/react-table';
import { Time } from '@/components/time.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { UserLink } from '@/components/user-link.tsx';
import { enumLabel } from '@/lib/enum-label.ts';

const when = <Row extends { created_at: string }>(): ColumnDef<Row> => ({
  id: 'created_at',
  header: 'Date',
  cell: ({ row }) => <Time value={row.original.created_at} />,
  meta: { className: 'whitespace-nowrap' },
});
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

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
  {
    id: 'username',
    header: 'User',
    cell: ({ row }) => <UserLink id={row.original.user_id} username={row.original.username} />,
  },
  {
    id: 'target_type',
    header: 'Target',
    cell: ({ row }) => <Badge variant="outline">{enumLabel(row.original.target_type)}</Badge>,
  },
  {
    // A liked profile is a user: shown by name. Messages, calls and posts keep their number.
    id: 'target_id',
    header: 'Liked',
    cell: ({ row }) =>
      row.original.target_type === 'profile' ? (
        <UserLink id={row.original.target_id} username={row.original.target_username} />
      ) : (
        <span className="font-mono text-xs">{row.original.target_id}</span>
      ),
    meta: { className: 'hidden md:table-cell' },
  },
  { id: 'is_active', header: 'Active', cell: ({ row }) => yesNo(row.original.is_active) },
  when<Like>(),
];

export const friendRequestColumns: ColumnDef<FriendRequest>[] = [
  {
    id: 'sender_username',
    header: 'From',
    cell: ({ row }) => <UserLink id={row.original.sender_id} username={row.original.sender_username} />,
  },
  {
    id: 'receiver_username',
    header: 'To',
    cell: ({ row }) => <UserLink id={row.original.receiver_id} username={row.original.receiver_username} />,
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <Badge variant="outline">{enumLabel(row.original.status)}</Badge>,
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
  {
    id: 'follower_username',
    header: 'Follower',
    cell: ({ row }) => <UserLink id={row.original.follower_id} username={row.original.follower_username} />,
  },
  {
    id: 'following_username',
    header: 'Following',
    cell: ({ row }) => <UserLink id={row.original.following_id} username={row.original.following_username} />,
  },
  { id: 'follow_type', header: 'Type', cell: ({ row }) => enumLabel(row.original.follow_type) },
  {
    id: 'notifications',
    header: 'Notifications',
    cell: ({ row }) => (row.original.notifications_enabled ? 'On' : 'Off'),
  },
  { id: 'is_active', header: 'Active', cell: ({ row }) => yesNo(row.original.is_active) },
  when<Follow>(),
];
