import type { Endpoint } from '@switchboard/contract/endpoint';
import { allows, type EndpointPermission } from '@switchboard/contract/permissions';
import { useCallback } from 'react';
import { useSession } from '@/lib/session-context.tsx';

/**
 * What a control needs: a permission (or a list, any one of which will do), or the contract's endpoint
 * the control calls, whose declared `access` and `permission` then decide. `undefined` needs nothing.
 */
export type Needed = EndpointPermission | Pick<Endpoint, 'access' | 'permission'> | undefined;

interface Holder {
  is_root_admin: boolean;
  permissions: readonly string[];
}

/** Whether an admin (null: nobody signed in) may use what `needed` names. Root may use everything. */
export function holds(user: Holder | null, needed: Needed): boolean {
  if (needed === undefined) return true;
  if (!user) return false;
  if (user.is_root_admin) return true;
  if (typeof needed === 'object' && 'access' in needed) {
    if (needed.access === 'public' || needed.access === 'user') return true;
    if (needed.access === 'root') return false;
    return allows(user.permissions as Parameters<typeof allows>[0], needed.permission);
  }
  return allows(user.permissions as Parameters<typeof allows>[0], needed);
}

/**
 * Whether the signed-in admin's role holds a permission, or may call an endpoint: the console only
 * mirrors what the server decides, to hide what would be refused. Root holds every permission.
 */
export function useCan(): (needed: Needed) => boolean {
  const { user } = useSession();
  return useCallback((needed: Needed) => holds(user, needed), [user]);
}
