import type { AdminUserRow } from '@switchboard/contract/users';
import type { ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { cn } from '@/lib/utils.ts';
import { PHONE_QUERY, useMediaQuery } from '../use-media-query.ts';
import { formatCoins, formatJoined } from '../user-format.ts';
import { UserAvatar } from './user-avatar.tsx';
import { UserRoleBadges, UserStatusBadges } from './user-badges.tsx';
import { UserRowActions } from './user-row-actions.tsx';

/** Why the signed-in admin's own row has no checkbox: the server refuses these for oneself. */
export const OWN_ROW_NOT_SELECTABLE =
  'Your own account is left out of bulk actions: you cannot remove your own admin rights or delete your own account';

interface UsersTableProps {
  users: AdminUserRow[];
  selectedIds: ReadonlySet<string>;
  /** Rows that may be checked; every row but the signed-in admin's own. */
  selectableIds: ReadonlySet<string>;
  currentUserId: string | null;
  /** Ids with a change in flight; their actions are disabled until it settles. */
  busyIds: ReadonlySet<string>;
  /** True while the next page or filter is loading and the old rows are still shown. */
  stale: boolean;
  onToggleRow(id: string, selected: boolean): void;
  onToggleAll(selected: boolean): void;
  onView(user: AdminUserRow, opener: HTMLElement): void;
  onToggleAdmin(user: AdminUserRow): void;
  onDelete(user: AdminUserRow, opener: HTMLElement): void;
}

export function UsersTable(props: UsersTableProps) {
  const { users, selectedIds, selectableIds, currentUserId, busyIds, stale } = props;
  // On a phone, status and role sit under the name so the row fits without scrolling sideways.
  const phone = useMediaQuery(PHONE_QUERY);
  const selectable = users.filter((user) => selectableIds.has(user.id));
  const selectedCount = selectable.filter((user) => selectedIds.has(user.id)).length;
  const allState =
    selectedCount === 0 ? false : selectedCount === selectable.length ? true : ('indeterminate' as const);

  return (
    <Table aria-busy={stale} aria-label="Users" className={cn(stale && 'opacity-60 transition-opacity')}>
      <UsersTableHeader
        phone={phone}
        checkbox={
          <Checkbox
            aria-label="Select all users on this page"
            checked={allState}
            // Rows about to be replaced by the next page must not be selected.
            disabled={stale || selectable.length === 0}
            onCheckedChange={(checked) => props.onToggleAll(checked === true)}
          />
        }
      />
      <TableBody>
        {users.map((user) => {
          const selected = selectedIds.has(user.id);
          const canSelect = selectableIds.has(user.id);
          return (
            <TableRow key={user.id} data-state={selected ? 'selected' : undefined}>
              <TableCell className="px-2 sm:px-3">
                <Checkbox
                  aria-label={`Select ${user.username}`}
                  title={canSelect ? undefined : OWN_ROW_NOT_SELECTABLE}
                  checked={selected}
                  disabled={stale || !canSelect}
                  onCheckedChange={(checked) => props.onToggleRow(user.id, checked === true)}
                />
              </TableCell>
              {/* w-full + max-w-0: this column takes the room left and truncates long names and emails. */}
              <TableCell className="w-full max-w-0 px-2 sm:px-3">
                <div className="flex min-w-0 items-center gap-3">
                  <UserAvatar user={user} className="hidden sm:inline-flex" />
                  <div className="min-w-0">
                    <div className="truncate font-medium">{user.full_name || user.username}</div>
                    <div className="truncate text-xs text-muted-foreground">
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
              </TableCell>
              {phone ? null : (
                <>
                  <TableCell>
                    <UserStatusBadges user={user} />
                  </TableCell>
                  <TableCell>
                    <UserRoleBadges user={user} />
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums md:table-cell">
                    {formatCoins(user.coin_balance)}
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap xl:table-cell">
                    {formatJoined(user.created_at)}
                  </TableCell>
                </>
              )}
              <TableCell className="px-2 sm:px-3">
                <UserRowActions
                  user={user}
                  isSelf={user.id === currentUserId}
                  busy={busyIds.has(user.id)}
                  onView={props.onView}
                  onToggleAdmin={props.onToggleAdmin}
                  onDelete={props.onDelete}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/**
 * Coins and Joined give way first as the screen narrows (both are in the View dialog); on a phone
 * Status and Role move under the name.
 */
export function UsersTableHeader({ checkbox, phone }: { checkbox: ReactNode; phone: boolean }) {
  return (
    <TableHeader>
      <TableRow>
        <TableHead className="px-2 sm:px-3">{checkbox}</TableHead>
        <TableHead className="px-2 sm:px-3">User</TableHead>
        {phone ? null : (
          <>
            <TableHead>Status</TableHead>
            <TableHead>Role</TableHead>
            <TableHead className="hidden text-right md:table-cell">Coins</TableHead>
            <TableHead className="hidden xl:table-cell">Joined</TableHead>
          </>
        )}
        <TableHead className="px-2 text-right sm:px-3">
          <span className="sr-only">Actions</span>
        </TableHead>
      </TableRow>
    </TableHeader>
  );
}
