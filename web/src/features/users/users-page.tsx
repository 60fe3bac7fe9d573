import { type AdminUserRow, type BulkUserActionName, USERS_PAGE_SIZE } from '@switchboard/contract/users';
import { UserPlusIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { useSession } from '@/lib/session-context.tsx';
import { useBulkUserAction, useUsers } from './api.ts';
import { AddUserDialog } from './components/add-user-dialog.tsx';
import { BulkActionsBar } from './components/bulk-actions-bar.tsx';
import { ConfirmDeleteDialog, DELETE_USER_CONFIRMATION } from './components/confirm-delete-dialog.tsx';
import { UserDetailsDialog } from './components/user-details-dialog.tsx';
import { UsersEmpty } from './components/users-empty.tsx';
import { UsersPagination } from './components/users-pagination.tsx';
import { UsersTable } from './components/users-table.tsx';
import { UsersTableSkeleton } from './components/users-table-skeleton.tsx';
import { UsersToolbar } from './components/users-toolbar.tsx';
import { errorMessage } from './error-message.ts';
import { useRowActions } from './use-row-actions.ts';
import { useUserSelection } from './use-user-selection.ts';
import { useUsersUrlState } from './use-users-url-state.ts';

const NO_USERS: AdminUserRow[] = [];

export function UsersPage() {
  const { user: me } = useSession();
  const { params, update } = useUsersUrlState();
  const users = useUsers(params);
  const rows = users.data?.users ?? NO_USERS;
  const rowIds = useMemo(() => rows.map((row) => row.id), [rows]);
  const selection = useUserSelection(`${params.page}|${params.search}|${params.status}`, rowIds);
  const rowActions = useRowActions();
  const bulk = useBulkUserAction();
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<AdminUserRow | null>(null);
  // How many rows the open bulk-delete confirmation is about; 0 when it is closed.
  const [bulkDeleteCount, setBulkDeleteCount] = useState(0);

  // A page past the end (after deletions, or an old link) moves to the last page that exists.
  const totalPages = users.data?.total_pages;
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && params.page > totalPages && !users.isPlaceholderData) {
      update({ page: totalPages }, { replace: true });
    }
  }, [totalPages, params.page, users.isPlaceholderData, update]);

  const runBulk = async (action: BulkUserActionName) => {
    try {
      const result = await bulk.mutateAsync({ action, user_ids: [...selection.selected] });
      toast.success(result.message);
      selection.clear();
    } catch (error) {
      // All or nothing on the server: nothing changed, so the selection stays for another try.
      toast.error(errorMessage(error, 'Bulk action failed'));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Users"
        description="Search, review and manage user accounts and admin rights."
        actions={
          <Button onClick={() => setAdding(true)}>
            <UserPlusIcon aria-hidden="true" />
            Add User
          </Button>
        }
      />
      <Card>
        <CardContent className="flex flex-col gap-4">
          <UsersToolbar
            search={params.search}
            status={params.status}
            onSearchChange={(search) => update({ search }, { replace: true })}
            onStatusChange={(status) => update({ status })}
          />
          {selection.selected.size > 0 ? (
            <BulkActionsBar
              count={selection.selected.size}
              pendingAction={bulk.isPending ? (bulk.variables?.action ?? null) : null}
              onAction={runBulk}
              onDelete={() => setBulkDeleteCount(selection.selected.size)}
              onClear={selection.clear}
            />
          ) : null}
          {users.isError ? (
            <ErrorPanel
              title="Could not load users"
              message={errorMessage(users.error, 'Failed to fetch users')}
              onRetry={() => users.refetch()}
            />
          ) : !users.data || (rows.length === 0 && users.data.total > 0) ? (
            // No data yet, or a page past the end that the effect above is about to leave.
            <UsersTableSkeleton />
          ) : rows.length === 0 ? (
            <UsersEmpty
              search={params.search}
              status={params.status}
              onClearSearch={() => update({ search: '' })}
            />
          ) : (
            <>
              <UsersTable
                users={rows}
                selectedIds={selection.selected}
                currentUserId={me?.id ?? null}
                busyIds={rowActions.busyIds}
                stale={users.isPlaceholderData}
                onToggleRow={selection.toggle}
                onToggleAll={selection.toggleAll}
                onView={setViewing}
                onToggleAdmin={rowActions.toggleAdmin}
                onDelete={rowActions.askDelete}
              />
              <UsersPagination
                page={users.data.page}
                pageSize={users.data.limit || USERS_PAGE_SIZE}
                total={users.data.total}
                totalPages={users.data.total_pages}
                rowCount={rows.length}
                onPageChange={(page) => update({ page })}
              />
            </>
          )}
        </CardContent>
      </Card>

      <AddUserDialog open={adding} onOpenChange={setAdding} />
      <UserDetailsDialog user={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <ConfirmDeleteDialog
        open={rowActions.deleting !== null}
        onOpenChange={(open) => !open && rowActions.cancelDelete()}
        title="Delete user"
        description={DELETE_USER_CONFIRMATION}
        detail={
          rowActions.deleting ? `${rowActions.deleting.username} (${rowActions.deleting.email})` : undefined
        }
        onConfirm={() =>
          rowActions.deleting ? rowActions.confirmDelete(rowActions.deleting) : Promise.resolve()
        }
      />
      <ConfirmDeleteDialog
        open={bulkDeleteCount > 0}
        onOpenChange={(open) => !open && setBulkDeleteCount(0)}
        title="Delete users"
        description={
          bulkDeleteCount === 1
            ? DELETE_USER_CONFIRMATION
            : `Are you sure you want to delete these ${bulkDeleteCount} users?`
        }
        onConfirm={() => runBulk('delete')}
      />
    </div>
  );
}
