import { type AdminRole, ROLE_MESSAGES } from '@switchboard/contract/admin-roles';
import { NEW_ADMIN_ROLE_ID, type Permission } from '@switchboard/contract/permissions';
import { USER_RULE_MESSAGES } from '@switchboard/contract/users';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { type AdminPrincipal, holds } from '../../http/access-token.ts';
import { conflict, forbidden, HttpError, notFound } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { countAdminsByRole, lockUsersForChange, setAdminRole } from '../users/users.repository.ts';
import * as repo from './admin-roles.repository.ts';

const toRole = (r: repo.RoleRecord, admins: number): AdminRole => ({
  id: r.id,
  name: r.name,
  description: r.description,
  built_in: r.builtIn,
  permissions: r.permissions,
  admins,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

interface By {
  actor: AdminPrincipal;
  context: RequestContext;
}

export async function listRoles(db: Database): Promise<AdminRole[]> {
  const [roles, holders] = await Promise.all([repo.listRoles(db), countAdminsByRole(db)]);
  return roles.map((r) => toRole(r, holders.get(r.id) ?? 0));
}

const nameTaken = () => conflict(ROLE_MESSAGES.nameTaken, 'name');

/**
 * An admin with admins:manage who is not root could otherwise make a role with every dangerous action
 * and give it to a colleague: a role made, changed or handed out holds nothing the actor lacks.
 */
function withinOwn(actor: AdminPrincipal, permissions: readonly Permission[], field?: string) {
  const missing = permissions.filter((p) => !holds(actor, p));
  if (missing.length > 0) throw new HttpError(403, ROLE_MESSAGES.beyondOwn(missing), field ? { field } : {});
}

export async function createRole(db: Database, fields: repo.RoleFields, { actor, context }: By) {
  withinOwn(actor, fields.permissions, 'permissions');
  try {
    return await db.transaction(async (tx) => {
      const role = await repo.insertRole(tx, fields);
      await recordAudit(tx, {
        actor,
        action: 'role.create',
        targetType: 'role',
        targetId: role.id,
        before: null,
        after: toRole(role, 0),
        context,
      });
      return toRole(role, 0);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/**
 * Changing what a role allows signs out every admin holding it (a trigger on admin_roles), so each
 * signs in again under the new permissions, as a demoted admin does.
 */
export async function updateRole(db: Database, id: string, fields: repo.RoleFields, { actor, context }: By) {
  withinOwn(actor, fields.permissions, 'permissions');
  try {
    return await db.transaction(async (tx) => {
      const before = await editableRole(tx, id);
      const after = await repo.updateRole(tx, id, fields);
      const admins = (await countAdminsByRole(tx)).get(id) ?? 0;
      await recordAudit(tx, {
        actor,
        action: 'role.update',
        targetType: 'role',
        targetId: id,
        before: toRole(before, admins),
        after: toRole(after, admins),
        context,
      });
      return toRole(after, admins);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function deleteRole(db: Database, id: string, { actor, context }: By): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await editableRole(tx, id);
    const admins = (await countAdminsByRole(tx)).get(id) ?? 0;
    if (admins > 0) throw conflict(ROLE_MESSAGES.inUse(admins));
    await repo.deleteRole(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'role.delete',
      targetType: 'role',
      targetId: id,
      before: toRole(before, 0),
      after: null,
      context,
    });
  });
}

async function editableRole(tx: Parameters<typeof repo.lockRole>[0], id: string) {
  const role = await repo.lockRole(tx, id);
  if (!role) throw notFound(ROLE_MESSAGES.notFound);
  if (role.builtIn) throw conflict(ROLE_MESSAGES.builtInReadOnly);
  return role;
}

/**
 * The role a new or promoted admin starts with: the one the acting admin chose, or the least privileged
 * built-in role, and in either case nothing beyond what the acting admin holds. Locks the role so a
 * concurrent edit cannot widen it before the caller's transaction commits.
 */
export async function grantableRole(tx: Executor, actor: AdminPrincipal, roleId: string | undefined) {
  const id = roleId ?? NEW_ADMIN_ROLE_ID;
  const role = await repo.lockRole(tx, id);
  if (!role) throw new HttpError(404, ROLE_MESSAGES.notFound, { field: 'role_id' });
  withinOwn(actor, role.permissions, 'role_id');
  return role.id;
}

/** Gives a non-root admin another role; their sessions end (trigger on users) and they sign in again. */
export async function assignRole(
  db: Database,
  userId: string,
  roleId: string,
  { actor, context }: By,
): Promise<void> {
  if (userId === actor.id) throw forbidden(ROLE_MESSAGES.cannotChangeOwn);
  await db.transaction(async (tx) => {
    const role = await repo.lockRole(tx, roleId);
    if (!role) throw new HttpError(404, ROLE_MESSAGES.notFound, { field: 'role_id' });
    withinOwn(actor, role.permissions, 'role_id');
    const { targets } = await lockUsersForChange(tx, [userId]);
    const target = targets[0];
    if (!target) throw notFound(USER_RULE_MESSAGES.notFound);
    if (target.is_root_admin) throw conflict(ROLE_MESSAGES.rootHoldsAll);
    if (!target.is_admin) throw conflict(ROLE_MESSAGES.notAnAdmin);
    if (target.admin_role_id === roleId) return;
    const changed = await setAdminRole(tx, userId, roleId);
    await recordAudit(tx, {
      actor,
      action: 'user.set_role',
      targetType: 'user',
      targetId: userId,
      before: { username: target.username, role_id: changed?.before.admin_role_id ?? null },
      after: { username: target.username, role_id: roleId, role: role.name },
      context,
    });
  });
}
