import { type AdminRole, adminRoleEndpoints } from '@switchboard/contract/admin-roles';
import { NEW_ADMIN_ROLE_ID } from '@switchboard/contract/permissions';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callEndpoint } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session-context.tsx';

/** The Roles screen's key: a role made or changed there is offered here at once. */
const ROLES_KEY = ['admin-roles'] as const;

export interface AssignableRoles {
  /** Least privileged first; undefined while they load. */
  roles: readonly AdminRole[] | undefined;
  /** The role picked unless the admin picks another: the least privileged one offered. */
  defaultRoleId: string | undefined;
  isError: boolean;
}

/**
 * The roles the signed-in admin may give a new or promoted admin: those within their own permissions
 * (root: every role), as the server decides it too. The default is the built-in role that changes
 * nothing when it is offered, otherwise the offered role with the fewest permissions.
 */
export function useAssignableRoles(enabled = true): AssignableRoles {
  const { user } = useSession();
  const query = useQuery({
    queryKey: ROLES_KEY,
    queryFn: ({ signal }) => callEndpoint(adminRoleEndpoints.list, {}, { signal }),
    enabled,
  });
  const all = query.data?.data.roles;
  return useMemo(() => {
    if (!all) return { roles: undefined, defaultRoleId: undefined, isError: query.isError };
    const held = new Set(user?.permissions ?? []);
    const roles = all
      .filter((role) => user?.is_root_admin || role.permissions.every((p) => held.has(p)))
      .sort((a, b) => a.permissions.length - b.permissions.length || a.name.localeCompare(b.name));
    const defaultRoleId = roles.find((r) => r.id === NEW_ADMIN_ROLE_ID)?.id ?? roles[0]?.id;
    return { roles, defaultRoleId, isError: query.isError };
  }, [all, user, query.isError]);
}
