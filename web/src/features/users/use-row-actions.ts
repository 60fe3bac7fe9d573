import type { AdminUserRow } from '@switchboard/contract/users';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/error-message.ts';
import { undoToast } from '@/lib/undo-toast.ts';
import { useDeleteUser, useSetAdmin } from './api.ts';
import { useRestoreUser } from './user-page-api.ts';

/** The toggle-admin and delete actions of one row, with the rows that have a change in flight. */
export function useRowActions() {
  const setAdmin = useSetAdmin();
  const deleteUser = useDeleteUser();
  const restoreUser = useRestoreUser();
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);

  const whileBusy = async <T>(id: string, work: () => Promise<T>): Promise<T> => {
    setBusyIds((current) => new Set(current).add(id));
    try {
      return await work();
    } finally {
      setBusyIds((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  };

  /** Resolves to whether the change was made. `roleId`: the role a promoted admin holds. */
  const setAdminOf = (user: AdminUserRow, makeAdmin: boolean, roleId?: string) =>
    whileBusy(user.id, async () => {
      try {
        await setAdmin.mutateAsync({ id: user.id, isAdmin: makeAdmin, roleId });
        toast.success(
          makeAdmin ? `${user.username} is now an admin` : `${user.username} is no longer an admin`,
        );
        return true;
      } catch (error) {
        toast.error(errorMessage(error, makeAdmin ? 'Failed to make admin' : 'Failed to remove admin'));
        return false;
      }
    });

  /** Resolves to whether the user was deleted. */
  const confirmDelete = (user: AdminUserRow) =>
    whileBusy(user.id, async () => {
      try {
        const result = await deleteUser.mutateAsync(user.id);
        // A delete keeps the row: Undo restores it on the server (audited as user.restore).
        undoToast(result.message || `${user.username} was deleted`, () => restoreUser.mutateAsync(user.id), {
          undone: `${user.username} was restored`,
          undoFailed: 'Failed to restore user',
        });
        return true;
      } catch (error) {
        toast.error(errorMessage(error, 'Failed to delete user'));
        return false;
      }
    });

  return {
    busyIds,
    makeAdmin: (user: AdminUserRow, roleId: string) => setAdminOf(user, true, roleId),
    removeAdmin: (user: AdminUserRow) => setAdminOf(user, false),
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
  };
}
