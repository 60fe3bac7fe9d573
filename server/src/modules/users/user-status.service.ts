import { ROLE_MESSAGES } from '@switchboard/contract/admin-roles';
import { USER_PROFILE_MESSAGES } from '@switchboard/contract/user-profile';
import { USER_RULE_MESSAGES } from '@switchboard/contract/users';
import type { Executor } from '../../db/client.ts';
import { type AdminPrincipal, holds } from '../../http/access-token.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditEntry, recordAudits } from '../audit/audit.repository.ts';
import { recordUsersSuspended } from './user-events.ts';
import * as repo from './user-status.repository.ts';

/*
 * Suspend, reactivate and restore: the user's status as the user page and the Users screen change it.
 * Each runs inside the caller's transaction (the report path suspends with its report locked), locks
 * the rows, checks every rule against their locked state and writes one audit row per user changed.
 */

export interface Suspension {
  reason: string;
  /** When the suspension ends by itself; null: until reactivated. */
  until: Date | null;
}

/** The suspension's end as the request gave it: absent, or a time in the future (else 400 on `until`). */
export function suspensionEnd(until: string | null | undefined, now = new Date()): Date | null {
  if (!until) return null;
  const end = new Date(until);
  if (Number.isNaN(end.getTime())) throw badRequest(USER_PROFILE_MESSAGES.untilInvalid, 'until');
  if (end <= now) throw badRequest(USER_PROFILE_MESSAGES.untilPast, 'until');
  return end;
}

const statusOf = (r: repo.StatusRow) => ({
  is_active: r.active,
  suspension_reason: r.active ? null : r.suspensionReason,
  suspended_until: r.active ? null : (r.suspendedUntil?.toISOString() ?? null),
  deleted: r.deletedAt !== null,
});

async function lockAll(tx: Executor, ids: readonly string[]): Promise<repo.StatusRow[]> {
  const rows = await repo.lockStatusRows(tx, ids);
  if (rows.length < ids.length) {
    if (ids.length === 1) throw notFound(USER_RULE_MESSAGES.notFound);
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    throw new HttpError(404, USER_RULE_MESSAGES.someNotFound(missing.length), {
      field: 'user_ids',
      detail: `Not found: ${missing.join(', ')}`,
    });
  }
  return rows;
}

/**
 * Suspends the users who are active now; those already suspended are left as they are (one user
 * asked for alone is a 409). Returns the ids suspended: their live sockets are the caller's to close.
 */
export async function suspendUsers(
  tx: Executor,
  actor: AdminPrincipal,
  ids: readonly string[],
  suspension: Suspension,
  context: RequestContext,
  extra: Record<string, unknown> = {},
): Promise<string[]> {
  const rows = await lockAll(tx, ids);
  if (ids.includes(actor.id)) throw forbidden(USER_PROFILE_MESSAGES.cannotSuspendSelf);
  if (rows.some((r) => r.isRootAdmin)) throw conflict(USER_PROFILE_MESSAGES.cannotSuspendRoot);
  if (rows.some((r) => r.deletedAt)) throw conflict(USER_PROFILE_MESSAGES.isDeleted);
  // Suspending an admin locks an admin out: the same permission as removing one.
  if (rows.some((r) => r.isAdmin) && !holds(actor, 'admins:manage')) throw forbidden(ROLE_MESSAGES.denied);
  const changing = rows.filter((r) => r.active);
  if (changing.length === 0 && ids.length === 1) throw conflict(USER_PROFILE_MESSAGES.alreadySuspended);
  const changed = changing.map((r) => r.id);
  await repo.setSuspended(tx, changed, suspension.reason, suspension.until);
  await recordUsersSuspended(tx, changing, suspension);
  await recordAudits(
    tx,
    changing.map(
      (r): AuditEntry => ({
        actor,
        action: 'user.suspend',
        targetType: 'user',
        targetId: r.id,
        before: statusOf(r),
        after: {
          is_active: false,
          suspension_reason: suspension.reason,
          suspended_until: suspension.until?.toISOString() ?? null,
          deleted: false,
          ...extra,
        },
        context,
      }),
    ),
  );
  return changed;
}

/** Lifts the suspension of the users suspended now; one user asked for alone who is not is a 409. */
export async function reactivateUsers(
  tx: Executor,
  actor: AdminPrincipal,
  ids: readonly string[],
  context: RequestContext,
): Promise<string[]> {
  const rows = await lockAll(tx, ids);
  if (rows.some((r) => r.deletedAt)) throw conflict(USER_PROFILE_MESSAGES.isDeleted);
  if (rows.some((r) => r.isAdmin) && !holds(actor, 'admins:manage')) throw forbidden(ROLE_MESSAGES.denied);
  const changing = rows.filter((r) => !r.active);
  if (changing.length === 0 && ids.length === 1) throw conflict(USER_PROFILE_MESSAGES.notSuspended);
  const changed = changing.map((r) => r.id);
  await repo.clearSuspension(tx, changed);
  await recordAudits(
    tx,
    changing.map(
      (r): AuditEntry => ({
        actor,
        action: 'user.reactivate',
        targetType: 'user',
        targetId: r.id,
        before: statusOf(r),
        after: { ...statusOf(r), is_active: true, suspension_reason: null, suspended_until: null },
        context,
      }),
    ),
  );
  return changed;
}

/** Brings a soft-deleted user back: lists, counts and sign-in count them again. */
export async function restoreUser(
  tx: Executor,
  actor: AdminPrincipal,
  id: string,
  context: RequestContext,
): Promise<void> {
  const [row] = await lockAll(tx, [id]);
  if (!row?.deletedAt) throw conflict(USER_PROFILE_MESSAGES.notDeleted);
  if (row.isAdmin && !holds(actor, 'admins:manage')) throw forbidden(ROLE_MESSAGES.denied);
  await repo.clearDeleted(tx, id);
  await recordAudits(tx, [
    {
      actor,
      action: 'user.restore',
      targetType: 'user',
      targetId: id,
      before: statusOf(row),
      after: { ...statusOf(row), deleted: false },
      context,
    },
  ]);
}
