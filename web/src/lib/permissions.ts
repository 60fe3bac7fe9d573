import type { Permission } from '@switchboard/contract/permissions';
import { useSession } from '@/lib/session-context.tsx';

/**
 * Whether the signed-in admin's role holds a permission: the console only mirrors what the server
 * decides, to hide what would be refused. Root holds every permission.
 */
export function useCan(): (permission: Permission | undefined) => boolean {
  const { user } = useSession();
  return (permission) =>
    permission === undefined || Boolean(user?.is_root_admin || user?.permissions.includes(permission));
}
