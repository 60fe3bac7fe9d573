import { USER_PROFILE_MESSAGES, userProfileEndpoints } from '@switchboard/contract/user-profile';
import type { AdminUserRow } from '@switchboard/contract/users';
import { toast } from 'sonner';
import { callEndpoint } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useInvalidateUsers } from './api.ts';

/** Suspend, reactivate and restore one row of the Users screen; each ends in a toast. */
export function useStatusActions() {
  const invalidate = useInvalidateUsers();
  const attempt = async (work: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await work();
      toast.success(done);
      return true;
    } catch (error) {
      toast.error(errorMessage(error, failed));
      return false;
    } finally {
      await invalidate();
    }
  };
  return {
    /** Resolves to an error message for the dialog, or null once suspended. */
    suspend: async (user: AdminUserRow, body: { reason: string; until: string | null }) => {
      try {
        await callEndpoint(userProfileEndpoints.suspend, { params: { id: user.id }, body });
        toast.success(`${user.username}: ${USER_PROFILE_MESSAGES.suspended}`);
        await invalidate();
        return null;
      } catch (error) {
        return errorMessage(error, 'Failed to suspend user');
      }
    },
    reactivate: (user: AdminUserRow) =>
      attempt(
        () => callEndpoint(userProfileEndpoints.reactivate, { params: { id: user.id } }),
        `${user.username}: ${USER_PROFILE_MESSAGES.reactivated}`,
        'Failed to reactivate user',
      ),
    restore: (user: AdminUserRow) =>
      attempt(
        () => callEndpoint(userProfileEndpoints.restore, { params: { id: user.id } }),
        `${user.username}: ${USER_PROFILE_MESSAGES.restored}`,
        'Failed to restore user',
      ),
  };
}
