import type { BulkUserActionName } from '@switchboard/contract/users';
import type { RefObject } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/error-message.ts';
import { useBulkUserAction } from './api.ts';

/**
 * The Users screen's bulk change of the selected rows. `run` resolves to whether the server made it;
 * on success the selection is cleared, and focus moves to the search box if it was on the bar that goes.
 */
export function useBulkRun(
  selection: { selected: ReadonlySet<string>; clear(): void },
  searchRef: RefObject<HTMLInputElement | null>,
) {
  const bulk = useBulkUserAction();
  /** `reason`: why (suspend); `roleId`: the role the new admins hold (make admin). */
  const run = async (
    action: BulkUserActionName,
    { reason, roleId }: { reason?: string; roleId?: string } = {},
  ) => {
    try {
      const result = await bulk.mutateAsync({
        action,
        user_ids: [...selection.selected],
        ...(reason ? { reason } : {}),
        ...(roleId ? { role_id: roleId } : {}),
      });
      toast.success(result.message);
      const active = document.activeElement;
      const focusLost = !active || active === document.body || active.closest('[data-bulk-actions]');
      selection.clear();
      if (focusLost) searchRef.current?.focus();
      return true;
    } catch (error) {
      // All or nothing on the server: nothing changed, so the selection stays for another try.
      toast.error(errorMessage(error, 'Bulk action failed'));
      return false;
    }
  };
  return { run, pendingAction: bulk.isPending ? (bulk.variables?.action ?? null) : null };
}
