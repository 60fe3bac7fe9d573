import { PERMISSIONS, type Permission } from '@switchboard/contract/permissions';
import type { Executor } from '../../db/client.ts';
import { findRole } from './admin-roles.repository.ts';

/** What a signed-in admin may do: their role, and its permissions (root holds all, with no role). */
export interface RoleAccess {
  role: { id: string; name: string } | null;
  permissions: readonly Permission[];
}

export const ROOT_ACCESS: RoleAccess = { role: null, permissions: PERMISSIONS };

export async function accessOf(
  executor: Executor,
  account: { isRootAdmin: boolean; adminRoleId: string },
): Promise<RoleAccess> {
  if (account.isRootAdmin) return ROOT_ACCESS;
  const role = await findRole(executor, account.adminRoleId);
  // A role that vanished grants nothing: deny by default.
  if (!role) return { role: null, permissions: [] };
  return { role: { id: role.id, name: role.name }, permissions: role.permissions };
}
