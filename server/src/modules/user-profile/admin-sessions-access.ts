import { ROLE_MESSAGES } from '@switchboard/contract/admin-roles';
import { USER_PROFILE_MESSAGES } from '@switchboard/contract/user-profile';
import type { Database } from '../../db/client.ts';
import { type AdminPrincipal, holds } from '../../http/access-token.ts';
import { forbidden, notFound } from '../../http/http-error.ts';
import * as profiles from '../users/user-profile.repository.ts';

/**
 * Another admin's sessions (addresses, devices) are for an admin with `admins:manage`, as on the Admins
 * screen; a root admin's for root only. Reading them, ending them and exporting them alike.
 */
export async function requireSessionsAccess(
  db: Database,
  actor: AdminPrincipal,
  id: string,
  message: string,
): Promise<void> {
  const row = await profiles.findProfileRow(db, id);
  if (!row) throw notFound(USER_PROFILE_MESSAGES.notFound);
  if (row.id === actor.id) return;
  if (row.is_admin && !holds(actor, 'admins:manage')) throw forbidden(message);
  if (row.is_root_admin && !actor.isRootAdmin) throw forbidden(ROLE_MESSAGES.denied);
}
