import type { AdminUserRow } from '@switchboard/contract/users';
import type { ColumnDef } from '@tanstack/react-table';
import { createContext, useContext } from 'react';
import { Link } from 'react-router';
import { Time } from '@/components/time.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { formatCoins } from '@/lib/format.ts';
import { UserRoleBadges, UserStatusBadges } from './components/user-badges.tsx';
import { UserRowActions } from './components/user-row-actions.tsx';

/** Why the signed-in admin's own row has no checkbox: the server refuses these for oneself. */
export const OWN_ROW_NOT_SELECTABLE =
  'Your own account is left out of bulk actions: you cannot remove your own admin rights or delete your own account';

export interface UserRowActionHandlers {
  currentUserId: string | null;
  /** Ids with a change in flight; their actions are disabled until it settles. */
  busyIds: ReadonlySet<string>;
  /** Absent when the admin's role may not make or remove admins: the button is not offered. */
  onToggleAdmin?: (user: AdminUserRow, opener: HTMLElement) => void;
  /** Absent when the admin's role may not delete users. */
  onDelete?: (user: AdminUserRow, opener: HTMLElement) => void;
  /** Absent when the admin's role may not change a user's status. */
  onSuspend?: (user: AdminUserRow, opener: HTMLElement) => void;
  onReactivate?: (user: AdminUserRow, opener: HTMLElement) => void;
  onRestore?: (user: AdminUserRow, opener: HTMLElement) => void;
}

/** The page's handlers for the actions column; a context keeps the column definitions constant. */
export const UserRowActionsContext = createContext<UserRowActionHandlers | null>(null);

function ActionsCell({ user }: { user: AdminUserRow }) {
  const handlers = useContext(UserRowActionsContext);
  if (!handlers) throw new Error('UserRowActionsContext is missing');
  return (
    <UserRowActions
      user={user}
      isSelf={user.id === handlers.currentUserId}
      busy={handlers.busyIds.has(user.id)}
      {...(handlers.onToggleAdmin ? { onToggleAdmin: handlers.onToggleAdmin } : {})}
      {...(handlers.onDelete ? { onDelete: handlers.onDelete } : {})}
      {...(handlers.onSuspend ? { onSuspend: handlers.onSuspend } : {})}
      {...(handlers.onReactivate ? { onReactivate: handlers.onReactivate } : {})}
      {...(handlers.onRestore ? { onRestore: handlers.onRestore } : {})}
    />
  );
}

/** On a phone, status and role sit under the name so the row fits without scrolling sideways. */
function userColumn(phone: boolean): ColumnDef<AdminUserRow> {
  return {
    id: 'user',
    header: 'User',
    // w-full + max-w-0: this column takes the room left; long names and emails wrap on a phone (a cut
    // there leaves a few letters) and truncate from `sm` up.
    meta: {
      className: 'w-full max-w-0 px-2 sm:px-3',
      headClassName: 'w-auto max-w-none',
      skeleton: (
        <div className="flex items-center gap-3">
          <Skeleton className="hidden size-9 rounded-full sm:block" />
          <div className="flex flex-col gap-1.5">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-44 max-w-full" />
          </div>
        </div>
      ),
    },
    cell: ({ row: { original: user } }) => (
      <div className="flex min-w-0 items-center gap-3">
        <UserAvatar user={user} className="hidden sm:inline-flex" />
        <div className="min-w-0">
          <Link
            to={`/users/${user.id}`}
            className="block font-medium wrap-anywhere hover:underline sm:truncate"
          >
            {user.full_name || user.username}
          </Link>
          <div className="text-xs wrap-anywhere text-muted-foreground sm:truncate">
            @{user.username} · {user.email}
          </div>
          {phone ? (
            <div className="mt-1.5 flex flex-wrap gap-1">
              <UserStatusBadges user={user} />
              <UserRoleBadges user={user} />
            </div>
          ) : null}
        </div>
      </div>
    ),
  };
}

const actionsColumn: ColumnDef<AdminUserRow> = {
  id: 'actions',
  header: () => <span className="sr-only">Actions</span>,
  meta: {
    className: 'px-2 sm:px-3',
    headClassName: 'text-right',
    skeleton: <Skeleton className="ml-auto h-8 w-24" />,
  },
  cell: ({ row }) => <ActionsCell user={row.original} />,
};

/** Coins and Joined give way first as the screen narrows (both are in the View dialog). */
const wideColumns: ColumnDef<AdminUserRow>[] = [
  {
    id: 'status',
    header: 'Status',
    meta: { skeleton: <Skeleton className="h-5 w-14" /> },
    cell: ({ row }) => <UserStatusBadges user={row.original} />,
  },
  {
    id: 'role',
    header: 'Role',
    meta: { skeleton: <Skeleton className="h-5 w-12" /> },
    cell: ({ row }) => <UserRoleBadges user={row.original} />,
  },
  {
    id: 'coins',
    header: 'Coins',
    meta: {
      className: 'hidden text-right tabular-nums md:table-cell',
      skeleton: <Skeleton className="ml-auto h-4 w-10" />,
    },
    cell: ({ row }) => formatCoins(row.original.coin_balance),
  },
  {
    id: 'joined',
    header: 'Joined',
    meta: {
      className: 'hidden whitespace-nowrap xl:table-cell',
      skeleton: <Skeleton className="h-4 w-20" />,
    },
    cell: ({ row }) => <Time value={row.original.created_at} />,
  },
];

export const USER_COLUMNS: ColumnDef<AdminUserRow>[] = [userColumn(false), ...wideColumns, actionsColumn];
/** On a phone Status and Role move under the name; Coins and Joined are left to the View dialog. */
export const PHONE_USER_COLUMNS: ColumnDef<AdminUserRow>[] = [userColumn(true), actionsColumn];
