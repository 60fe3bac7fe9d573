import { ROLE_MESSAGES } from '@switchboard/contract/admin-roles';
import type { CreateUserRequest } from '@switchboard/contract/user-create';
import {
  type AdminUserRow,
  type BulkUserAction,
  type ListUsersQuery,
  type SetAdminRequest,
  USER_ERASE_MESSAGES,
  USER_RULE_MESSAGES,
  type UsersPage,
} from '@switchboard/contract/users';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { type AdminPrincipal, holds } from '../../http/access-token.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/http-error.ts';
import { pageEnvelope } from '../../http/page-envelope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditEntry, recordAudit, recordAudits } from '../audit/audit.repository.ts';
import { enforcePasswordMinLength } from '../settings/password-policy.ts';
import { hashPassword } from './password.ts';
import { refuseTakenNames } from './taken-names.ts';
import { recordUserCreated, recordUsersDeleted } from './user-events.ts';
import { reactivateUsers, suspendUsers } from './user-status.service.ts';
import * as repo from './users.repository.ts';
import * as list from './users-list.repository.ts';

export async function listUsers(db: Database, query: ListUsersQuery): Promise<UsersPage> {
  const { rows, total, totalCapped, nextCursor } = await list.listUsers(db, query);
  return {
    users: rows,
    ...pageEnvelope('limit', query, { total, totalCapped, nextCursor }),
  };
}

export async function getUser(db: Database, id: string): Promise<AdminUserRow> {
  const user = await repo.findUser(db, id);
  if (!user) throw notFound(USER_RULE_MESSAGES.notFound);
  return user;
}

/**
 * The role a new or promoted admin gets (admin-roles' `grantableRole`, handed in by app.ts: roles sit
 * above users). It throws when the acting admin could not assign it.
 */
export type GrantableRole = (
  tx: Transaction,
  actor: AdminPrincipal,
  roleId: string | undefined,
) => Promise<string>;

/**
 * What a new app account receives as it is created (coins' welcome grant, handed in by app.ts: coins sit
 * above users); it runs in the account's own transaction.
 */
export type WelcomeAccount = (tx: Transaction, userId: string) => Promise<unknown>;

/**
 * An admin adds an account. An app account (not an admin) is welcomed as a softphone sign-up is, in the
 * same transaction, so it exists with its welcome coins or not at all.
 */
export async function createUser(
  db: Database,
  actor: AdminPrincipal,
  input: z.output<typeof CreateUserRequest>,
  context: RequestContext,
  grantableRole: GrantableRole,
  welcome?: WelcomeAccount,
): Promise<AdminUserRow> {
  if (input.is_admin && !holds(actor, 'admins:manage')) throw forbidden(ROLE_MESSAGES.denied);
  return insertAccount(
    db,
    {
      ...input,
      fullName: input.full_name || null,
      isAdmin: input.is_admin,
      adminRole: input.is_admin ? (tx) => grantableRole(tx, actor, input.role_id) : undefined,
    },
    async (tx, user) => {
      if (!input.is_admin && welcome) await welcome(tx, user.id);
      await recordAudit(tx, {
        actor,
        action: 'user.create',
        targetType: 'user',
        targetId: user.id,
        before: null,
        after: user,
        context,
      });
      return user;
    },
  );
}

/**
 * A calling app's sign-up: a plain (non-admin) account under the same password rules as admins.
 * `then` runs in the same transaction with the new account (to open its session), so a failure
 * there leaves no account behind.
 */
export async function registerAppUser<T>(
  db: Database,
  input: { username: string; email: string; password: string },
  then: (tx: Transaction, account: repo.Account) => Promise<T>,
): Promise<T> {
  return insertAccount(db, { ...input, fullName: null, isAdmin: false }, async (tx, user) => {
    const account = await repo.findAccountById(tx, user.id);
    if (!account) throw new Error('registered account not found');
    return then(tx, account);
  });
}

/**
 * Adds an account under the password rules; `then` runs in the insert's transaction. The names are
 * checked first, and again when two requests for the same name both passed and the unique index decided.
 */
async function insertAccount<T>(
  db: Database,
  input: {
    username: string;
    email: string;
    password: string;
    fullName: string | null;
    isAdmin: boolean;
    adminRole?: ((tx: Transaction) => Promise<string>) | undefined;
  },
  then: (tx: Transaction, user: AdminUserRow) => Promise<T>,
): Promise<T> {
  await refuseTakenNames(db, input.username, input.email);
  await enforcePasswordMinLength(db, input.password);
  // Hashing takes tens of milliseconds; do it before the transaction rather than inside it.
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        username: input.username,
        email: input.email,
        fullName: input.fullName,
        passwordHash,
        isAdmin: input.isAdmin,
        ...(input.adminRole ? { adminRoleId: await input.adminRole(tx) } : {}),
      });
      await recordUserCreated(tx, user);
      return then(tx, user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) await refuseTakenNames(db, input.username, input.email);
    throw error;
  }
}

export interface UserActionResult {
  /** How many users actually changed (making an admin of an admin changes nothing). */
  affected: number;
  /** The targets as they are now; empty after a delete, a suspension or a reactivation. */
  users: AdminUserRow[];
  /** The ids that changed, for a suspension: their sockets are closed once it is committed. */
  changed?: string[];
}

const requiredReason = (reason: string | undefined): string => {
  if (!reason) throw badRequest(USER_RULE_MESSAGES.suspendReasonRequired, 'reason');
  return reason;
};

/**
 * Make admin, remove admin or delete, for one user or many: all of them or none. The rows are
 * locked, every rule is checked against their locked state, and the change and its audit rows
 * commit together.
 */
export async function applyUserAction(
  db: Database,
  actor: AdminPrincipal,
  { action, user_ids, reason, role_id }: BulkUserAction,
  context: RequestContext,
  grantableRole: GrantableRole,
): Promise<UserActionResult> {
  const ids = [...new Set(user_ids)];
  if (action === 'suspend' || action === 'reactivate') {
    return db.transaction(async (tx) => {
      const changed =
        action === 'suspend'
          ? await suspendUsers(tx, actor, ids, { reason: requiredReason(reason), until: null }, context)
          : await reactivateUsers(tx, actor, ids, context);
      return { affected: changed.length, users: [], changed };
    });
  }
  if (action !== 'delete' && !holds(actor, 'admins:manage')) throw forbidden(ROLE_MESSAGES.denied);
  return db.transaction(async (tx) => {
    const { targets, rootAdmins } = await repo.lockUsersForChange(tx, ids);
    const refusal = refusalOf(actor, action, ids, targets, rootAdmins);
    if (refusal) throw refusal;
    // Deleting an admin removes an admin: the same permission as demoting one.
    if (targets.some((u) => u.is_admin) && !holds(actor, 'admins:manage'))
      throw forbidden(ROLE_MESSAGES.denied);

    if (action === 'delete') {
      await repo.deleteUsers(tx, ids);
      await recordUsersDeleted(tx, targets);
      await recordAudits(
        tx,
        targets.map((before) => audit('user.delete', before, null)),
      );
      return { affected: targets.length, users: [] };
    }
    const makeAdmin = action === 'make_admin';
    const changing = targets.filter((u) => u.is_admin !== makeAdmin);
    // A promoted account starts with a role the actor could assign, never the one its row held as an app user.
    const roleId = makeAdmin ? await grantableRole(tx, actor, role_id) : undefined;
    const changed = await repo.setAdmin(
      tx,
      changing.map((u) => u.id),
      makeAdmin,
      roleId,
    );
    const after = new Map(changed.map((u) => [u.id, u]));
    await recordAudits(
      tx,
      changing.map((before) => audit('user.set_admin', before, after.get(before.id) ?? null)),
    );
    return { affected: changed.length, users: targets.map((u) => after.get(u.id) ?? u) };
  });

  function audit(name: AuditEntry['action'], before: AdminUserRow, after: AdminUserRow | null): AuditEntry {
    return { actor, action: name, targetType: 'user', targetId: before.id, before, after, context };
  }
}

/** The toggle-admin row action: the same rules as the bulk action, for one user. */
export async function setUserAdmin(
  db: Database,
  actor: AdminPrincipal,
  id: string,
  { is_admin, role_id }: SetAdminRequest,
  context: RequestContext,
  grantableRole: GrantableRole,
): Promise<AdminUserRow> {
  const change: BulkUserAction = {
    action: is_admin ? 'make_admin' : 'remove_admin',
    user_ids: [id],
    role_id,
  };
  const [user] = (await applyUserAction(db, actor, change, context, grantableRole)).users;
  if (!user) throw notFound(USER_RULE_MESSAGES.notFound);
  return user;
}

export async function deleteUser(
  db: Database,
  actor: AdminPrincipal,
  id: string,
  context: RequestContext,
): Promise<void> {
  await applyUserAction(db, actor, { action: 'delete', user_ids: [id] }, context, noRoleGranted);
}

const noRoleGranted: GrantableRole = () => {
  throw new Error('deleting grants no role');
};

/** Why the action must not happen, or undefined when it may. */
function refusalOf(
  actor: AdminPrincipal,
  action: BulkUserAction['action'],
  ids: readonly string[],
  targets: readonly AdminUserRow[],
  rootAdmins: readonly AdminUserRow[],
): HttpError | undefined {
  if (targets.length < ids.length) {
    if (ids.length === 1) return notFound(USER_RULE_MESSAGES.notFound);
    const found = new Set(targets.map((u) => u.id));
    const missing = ids.filter((id) => !found.has(id));
    return new HttpError(404, USER_RULE_MESSAGES.someNotFound(missing.length), {
      field: 'user_ids',
      detail: `Not found: ${missing.join(', ')}`,
    });
  }
  if (action === 'make_admin' || action === 'suspend' || action === 'reactivate') return undefined;
  if (ids.includes(actor.id)) {
    return forbidden(
      action === 'delete' ? USER_RULE_MESSAGES.cannotDeleteSelf : USER_RULE_MESSAGES.cannotDemoteSelf,
    );
  }
  if (!targets.some((u) => u.is_root_admin)) return undefined;
  if (action === 'remove_admin') return conflict(USER_RULE_MESSAGES.rootAdminIsAlwaysAdmin);
  if (!rootAdmins.some((u) => u.is_active && !ids.includes(u.id)))
    return conflict(USER_RULE_MESSAGES.lastRootAdmin);
  // Read from the locked rows, not the token, so a root admin removed a moment ago no longer counts.
  if (!rootAdmins.some((u) => u.id === actor.id)) return forbidden(USER_RULE_MESSAGES.onlyRootDeletesRoot);
  return undefined;
}

/**
 * Root only (the route says so): anonymises a deleted user's profile. The audit row names the
 * fields erased, never their old values, so the log does not keep what was erased.
 */
export async function erasePersonalData(
  db: Database,
  actor: AdminPrincipal,
  id: string,
  context: RequestContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.eraseDeletedUser(tx, id))) {
      if (await repo.userExists(tx, id)) throw conflict(USER_ERASE_MESSAGES.notDeleted);
      throw notFound(USER_RULE_MESSAGES.notFound);
    }
    await recordAudit(tx, {
      actor,
      action: 'user.erase',
      targetType: 'user',
      targetId: id,
      before: null,
      after: { erased: repo.ERASED_FIELDS },
      context,
    });
  });
}
