import { USER_ACTION_CONFIRMATIONS, userProfileEndpoints } from '@switchboard/contract/user-profile';
import {
  type AdminUserRow,
  DELETE_USER_CONFIRMATION,
  ListUsersQuery,
  USERS_PAGE_SIZE,
  usersEndpoints,
} from '@switchboard/contract/users';
import { UserPlusIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { DataTable } from '@/components/data-table.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Pagination, pagerProps } from '@/components/pagination.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useCan } from '@/lib/permissions.ts';
import { useSession } from '@/lib/session-context.tsx';
import { useListUrlState } from '@/lib/use-list-url-state.ts';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query.ts';
import { useReturnFocus } from '@/lib/use-return-focus.ts';
import { useRowSelection } from '@/lib/use-row-selection.ts';
import { useUsers } from './api.ts';
import {
  OWN_ROW_NOT_SELECTABLE,
  PHONE_USER_COLUMNS,
  USER_COLUMNS,
  type UserRowActionHandlers,
  UserRowActionsContext,
} from './columns.tsx';
import { BulkActionsBar, removeAdminRefusal } from './components/bulk-actions-bar.tsx';
import { LazyAddUserDialog, preloadAddUserDialog } from './components/lazy-add-user-dialog.tsx';
import { MakeAdminDialog } from './components/make-admin-dialog.tsx';
import { UsersEmpty } from './components/users-empty.tsx';
import { UsersToolbar } from './components/users-toolbar.tsx';
import { useBulkRun } from './use-bulk-run.ts';
import { useRowActions } from './use-row-actions.ts';
import { useStatusActions } from './use-status-actions.ts';
import { SuspendDialog } from './user-page/suspend-dialog.tsx';

const NO_USERS: AdminUserRow[] = [];

export function UsersPage() {
  const { user: me } = useSession();
  const can = useCan();
  // Adding, deleting and bulk changes are the users area's write; making admins is admins:manage.
  // Adding names its permission: its endpoint's declaration loads with the dialog (user-create.ts).
  const canAdd = can('users:write');
  const canManageAdmins = can(usersEndpoints.setAdmin);
  const canBulk = can(usersEndpoints.bulk);
  const { params, update } = useListUrlState(ListUsersQuery);
  const users = useUsers(params);
  const phone = useMediaQuery(PHONE_QUERY);
  const rows = users.data?.users ?? NO_USERS;
  // The server refuses bulk changes that include the admin's own account, so it cannot be selected.
  const selectableIds = useMemo(
    () => rows.filter((row) => row.id !== me?.id).map((row) => row.id),
    [rows, me?.id],
  );
  const selection = useRowSelection(`${params.page}|${params.search}|${params.status}`, selectableIds);
  const rowActions = useRowActions();
  const [adding, setAdding] = useState(false);
  // The row the open status confirmation is about, and which change it asks for.
  const [statusChange, setStatusChange] = useState<{
    user: AdminUserRow;
    kind: 'reactivate' | 'restore';
  } | null>(null);
  const [suspending, setSuspending] = useState<AdminUserRow[] | null>(null);
  // The rows Make Admin asks a role for: one row's, or the selection's (bulk).
  const [promoting, setPromoting] = useState<{ users: AdminUserRow[]; bulk: boolean } | null>(null);
  // Whether the open suspension is the bulk action's (the selection) or one row's.
  const [suspendingBulk, setSuspendingBulk] = useState(false);
  const statusActions = useStatusActions();
  // How many rows the open bulk-delete confirmation is about; 0 when it is closed.
  const [bulkDeleteCount, setBulkDeleteCount] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const returnFocus = useReturnFocus(searchRef);
  const bulk = useBulkRun(selection, searchRef);
  const stale = users.isPlaceholderData;
  const removeAdminBlocked = removeAdminRefusal(rows.filter((row) => selection.selected.has(row.id)));

  // A page past the end (after deletions, or an old link) moves to the last page that exists. A capped
  // total is not the real end, so a page past it is left to show what the server found.
  const totalPages = users.data?.total_capped ? undefined : users.data?.total_pages;
  const pastTheEnd = users.data !== undefined && rows.length === 0 && users.data.total > 0;
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && params.page > totalPages && !users.isPlaceholderData) {
      update({ page: totalPages }, { replace: true });
    }
  }, [totalPages, params.page, users.isPlaceholderData, update]);

  const actions: UserRowActionHandlers = {
    currentUserId: me?.id ?? null,
    busyIds: rowActions.busyIds,
    ...(can(userProfileEndpoints.suspend)
      ? {
          onSuspend: (user: AdminUserRow, opener: HTMLElement) => {
            returnFocus.remember(opener);
            setSuspendingBulk(false);
            setSuspending([user]);
          },
          onReactivate: (user: AdminUserRow, opener: HTMLElement) => {
            returnFocus.remember(opener);
            setStatusChange({ user, kind: 'reactivate' });
          },
          onRestore: (user: AdminUserRow, opener: HTMLElement) => {
            returnFocus.remember(opener);
            setStatusChange({ user, kind: 'restore' });
          },
        }
      : {}),
    ...(canManageAdmins
      ? {
          onToggleAdmin: (user: AdminUserRow, opener: HTMLElement) => {
            if (user.is_admin) return void rowActions.removeAdmin(user);
            returnFocus.remember(opener);
            setPromoting({ users: [user], bulk: false });
          },
        }
      : {}),
    ...(can(usersEndpoints.delete)
      ? {
          onDelete: (user: AdminUserRow, opener: HTMLElement) => {
            returnFocus.remember(opener);
            rowActions.askDelete(user);
          },
        }
      : {}),
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Users"
        description="Search, review and manage user accounts and admin rights."
        actions={
          canAdd ? (
            <Button
              onPointerEnter={preloadAddUserDialog}
              onFocus={preloadAddUserDialog}
              onClick={(event) => {
                returnFocus.remember(event.currentTarget);
                setAdding(true);
              }}
            >
              <UserPlusIcon aria-hidden="true" />
              Add User
            </Button>
          ) : undefined
        }
      />
      <Card className="py-4 sm:py-6">
        <CardContent className="flex flex-col gap-4 px-3 sm:px-6">
          <UsersToolbar
            searchRef={searchRef}
            search={params.search}
            status={params.status}
            onSearchChange={(search) => update({ search }, { replace: true })}
            onStatusChange={(status) => update({ status })}
          />
          {canBulk && selection.selected.size > 0 ? (
            <BulkActionsBar
              count={selection.selected.size}
              pendingAction={bulk.pendingAction}
              disabled={stale}
              removeAdminBlocked={removeAdminBlocked}
              canManageAdmins={canManageAdmins}
              canChangeStatus={can(userProfileEndpoints.suspend)}
              onAction={(action) => {
                const selected = rows.filter((row) => selection.selected.has(row.id));
                if (action === 'suspend') {
                  setSuspendingBulk(true);
                  setSuspending(selected);
                } else if (action === 'make_admin') setPromoting({ users: selected, bulk: true });
                else bulk.run(action);
              }}
              onDelete={(opener) => {
                returnFocus.remember(opener);
                setBulkDeleteCount(selection.selected.size);
              }}
              onClear={selection.clear}
            />
          ) : null}
          <UserRowActionsContext.Provider value={actions}>
            <DataTable
              label="Users"
              columns={phone ? PHONE_USER_COLUMNS : USER_COLUMNS}
              // No data yet, or a page past the end that the effect above is about to leave: a skeleton.
              rows={pastTheEnd ? undefined : users.data?.users}
              getRowId={(row) => row.id}
              stale={stale}
              error={
                users.isError
                  ? {
                      title: 'Could not load users',
                      message: errorMessage(users.error, 'Failed to fetch users'),
                      onRetry: () => users.refetch(),
                    }
                  : null
              }
              empty={
                <UsersEmpty
                  search={params.search}
                  status={params.status}
                  onClearSearch={() => update({ search: '' })}
                />
              }
              // No checkboxes without the bulk actions' permission: there would be nothing to do.
              {...(canBulk
                ? {
                    selection: {
                      selected: selection.selected,
                      onSelectedChange: selection.replace,
                      // The server refuses bulk changes that include the admin's own account.
                      canSelect: (row: AdminUserRow) => row.id !== me?.id,
                      disabledReason: OWN_ROW_NOT_SELECTABLE,
                      selectAllLabel: 'Select all users on this page',
                      rowLabel: (row: AdminUserRow) => `Select ${row.username}`,
                    },
                  }
                : {})}
              footer={
                users.data ? (
                  <Pagination
                    label="Users pages"
                    noun="users"
                    page={params.page}
                    {...pagerProps(users.data)}
                    pageSize={users.data.limit || USERS_PAGE_SIZE}
                    rowCount={rows.length}
                    onPageChange={(page) => update({ page })}
                  />
                ) : null
              }
            />
          </UserRowActionsContext.Provider>
        </CardContent>
      </Card>

      <LazyAddUserDialog
        open={adding}
        onOpenChange={setAdding}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      />
      <SuspendDialog
        open={suspending !== null}
        who={
          suspending?.length === 1 ? (suspending[0]?.username ?? 'user') : `${suspending?.length ?? 0} users`
        }
        onOpenChange={(open) => !open && setSuspending(null)}
        onSuspend={async (input) => {
          const targets = suspending ?? [];
          if (suspendingBulk) {
            return (await bulk.run('suspend', { reason: input.reason })) ? null : 'Failed to suspend users';
          }
          const [target] = targets;
          return target ? statusActions.suspend(target, input) : null;
        }}
      />
      <MakeAdminDialog
        open={promoting !== null}
        who={
          promoting?.users.length === 1
            ? (promoting.users[0]?.username ?? 'user')
            : `${promoting?.users.length ?? 0} users`
        }
        onOpenChange={(open) => !open && setPromoting(null)}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        onConfirm={async (roleId) => {
          if (!promoting) return true;
          const [single] = promoting.users;
          if (promoting.bulk) return bulk.run('make_admin', { roleId });
          return single ? rowActions.makeAdmin(single, roleId) : true;
        }}
      />
      <ConfirmDialog
        open={statusChange !== null}
        onOpenChange={(open) => !open && setStatusChange(null)}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        title={statusChange?.kind === 'restore' ? 'Restore user' : 'Reactivate user'}
        description={USER_ACTION_CONFIRMATIONS[statusChange?.kind ?? 'reactivate']}
        detail={statusChange ? `${statusChange.user.username} (${statusChange.user.email})` : undefined}
        confirmLabel={statusChange?.kind === 'restore' ? 'Restore' : 'Reactivate'}
        pendingLabel={statusChange?.kind === 'restore' ? 'Restoring...' : 'Reactivating...'}
        variant="default"
        onConfirm={async () => {
          if (statusChange && (await statusActions[statusChange.kind](statusChange.user)))
            returnFocus.forget();
        }}
      />
      <ConfirmDialog
        open={rowActions.deleting !== null}
        onOpenChange={(open) => !open && rowActions.cancelDelete()}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        title="Delete user"
        description={DELETE_USER_CONFIRMATION}
        detail={
          rowActions.deleting ? `${rowActions.deleting.username} (${rowActions.deleting.email})` : undefined
        }
        onConfirm={async () => {
          // The deleted row and its Delete button go away: focus returns to the search box instead.
          if (rowActions.deleting && (await rowActions.confirmDelete(rowActions.deleting)))
            returnFocus.forget();
        }}
      />
      <ConfirmDialog
        open={bulkDeleteCount > 0}
        onOpenChange={(open) => !open && setBulkDeleteCount(0)}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        title="Delete users"
        description={
          bulkDeleteCount === 1
            ? DELETE_USER_CONFIRMATION
            : `Are you sure you want to delete these ${bulkDeleteCount} users?`
        }
        onConfirm={async () => {
          if (await bulk.run('delete')) returnFocus.forget();
        }}
      />
    </div>
  );
}
