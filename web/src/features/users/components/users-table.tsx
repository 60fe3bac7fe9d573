import type { AdminUserRow } from '@switchboard/contract/users';
import type { ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { cn } from '@/lib/utils.ts';
import { formatCoins, formatJoined } from '../user-format.ts';
import { UserAvatar } from './user-avatar.tsx';
import { UserRoleBadges, UserStatusBadges } from './user-badges.tsx';
import { UserRowActions } from './user-row-actions.tsx';

interface UsersTableProps {
  users: AdminUserRow[];
  selectedIds: ReadonlySet<string>;
  currentUserId: string | null;
  /** Ids with a change in flight; their actions are disabled until it settles. */
  busyIds: ReadonlySet<string>;
  /** True while the next page or filter is loading and the old rows are still shown. */
  stale: boolean;
  onToggleRow(id: string, selected: boolean): void;
  onToggleAll(selected: boolean): void;
  onView(user: AdminUserRow): void;
  onToggleAdmin(user: AdminUserRow): void;
  onDelete(user: AdminUserRow): void;
}

export function UsersTable(props: UsersTableProps) {
  const { users, selectedIds, currentUserId, busyIds, stale } = props;
  const selectedOnPage = users.filter((user) => selectedIds.has(user.id)).length;
  const allState =
    selectedOnPage === 0 ? false : selectedOnPage === users.length ? true : ('indeterminate' as const);

  return (
    <Table aria-busy={stale} className={cn(stale && 'opacity-60 transition-opacity')}>
      <UsersTableHeader
        checkbox={
          <Checkbox
            aria-label="Select all users on this page"
            checked={allState}
            onCheckedChange={(checked) => props.onToggleAll(checked === true)}
          />
        }
      />
      <TableBody>
        {users.map((user) => {
          const selected = selectedIds.has(user.id);
          return (
            <TableRow key={user.id} data-state={selected ? 'selected' : undefined}>
              <TableCell>
                <Checkbox
                  aria-label={`Select ${user.username}`}
                  checked={selected}
                  onCheckedChange={(checked) => props.onToggleRow(user.id, checked === true)}
                />
              </TableCell>
              <TableCell>
                <div className="flex min-w-0 items-center gap-3">
                  <UserAvatar user={user} />
                  <div className="min-w-0">
                    <div className="truncate font-medium">{user.full_name || user.username}</div>
                    <div className="truncate text-xs text-muted-foreground">
                      @{user.username} · {user.email}
                    </div>
                  </div>
                </div>
              </TableCell>
              <TableCell>
                <UserStatusBadges user={user} />
              </TableCell>
              <TableCell>
                <UserRoleBadges user={user} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatCoins(user.coin_balance)}</TableCell>
              <TableCell className="whitespace-nowrap">{formatJoined(user.created_at)}</TableCell>
              <TableCell>
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

export function UsersTableHeader({ checkbox }: { checkbox: ReactNode }) {
  return (
    <TableHeader>
      <TableRow>
        <TableHead>{checkbox}</TableHead>
        <TableHead>User</TableHead>
        <TableHead>Status</TableHead>
        <TableHead>Role</TableHead>
        <TableHead className="text-right">Coins</TableHead>
        <TableHead>Joined</TableHead>
        <TableHead className="text-right">
          <span className="sr-only">Actions</span>
        </TableHead>
      </TableRow>
    </TableHeader>
  );
}
