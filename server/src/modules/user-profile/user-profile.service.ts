import {
  type SuspendUserRequest,
  USER_PROFILE_MESSAGES,
  type UserProfile,
} from '@switchboard/contract/user-profile';
import type { AdminNote } from '@switchboard/contract/user-sections';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { notFound } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { clearRecentFailures } from '../auth/login-attempts.repository.ts';
import { endSession } from '../auth/sessions.service.ts';
import { revokeAllSessions } from '../auth/user-data.repository.ts';
import { socialCounts } from '../social/social-of-user.repository.ts';
import { countUserReports } from '../user-reports/reports-of-user.repository.ts';
import * as profiles from '../users/user-profile.repository.ts';
import { reactivateUsers, restoreUser, suspendUsers, suspensionEnd } from '../users/user-status.service.ts';
import { findAccountById } from '../users/users.repository.ts';
import { requireSessionsAccess } from './admin-sessions-access.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The user page's header: who, their status now, presence, coins, and the counts of each section. */
export async function getProfile(db: Database, id: string): Promise<UserProfile> {
  const row = await profiles.findProfileRow(db, id);
  if (!row) throw notFound(USER_PROFILE_MESSAGES.notFound);
  const [social, contacts, reports] = await Promise.all([
    socialCounts(db, id),
    profiles.countContacts(db, id),
    countUserReports(db, id),
  ]);
  const status = row.deleted_at ? 'deleted' : row.active_now ? 'active' : 'suspended';
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    full_name: row.full_name,
    is_admin: row.is_admin,
    is_root_admin: row.is_root_admin,
    is_premium: row.is_premium,
    status,
    // A deleted user may have been suspended before: the page says so beside "Deleted".
    suspension: row.active_now ? null : { reason: row.suspension_reason, until: iso(row.suspended_until) },
    deleted_at: iso(row.deleted_at),
    created_at: row.created_at.toISOString(),
    last_login: iso(row.last_login),
    last_seen_at: iso(row.last_seen_at),
    is_online: row.is_online,
    coin_balance: row.coin_balance,
    total_earned: row.total_earned,
    total_spent: row.total_spent,
    social: { ...social, contacts },
    reports,
  };
}

type Deps = Pick<AppDeps, 'userPush' | 'sessionEnds'>;

/** Suspends one user with a reason and an optional end; their sockets close once it is committed. */
export async function suspendUser(
  db: Database,
  { userPush }: Pick<Deps, 'userPush'>,
  actor: AdminPrincipal,
  id: string,
  input: SuspendUserRequest,
  context: RequestContext,
): Promise<UserProfile> {
  const until = suspensionEnd(input.until);
  const reason = input.reason.trim();
  const changed = await db.transaction((tx) => suspendUsers(tx, actor, [id], { reason, until }, context));
  userPush.disconnectUsers(changed);
  return getProfile(db, id);
}

export async function reactivateUser(
  db: Database,
  actor: AdminPrincipal,
  id: string,
  context: RequestContext,
): Promise<UserProfile> {
  await db.transaction((tx) => reactivateUsers(tx, actor, [id], context));
  return getProfile(db, id);
}

export async function restoreDeletedUser(
  db: Database,
  actor: AdminPrincipal,
  id: string,
  context: RequestContext,
): Promise<UserProfile> {
  await db.transaction((tx) => restoreUser(tx, actor, id, context));
  return getProfile(db, id);
}

export async function endUserSession(
  db: Database,
  deps: Deps,
  actor: AdminPrincipal,
  id: string,
  sessionId: string,
  context: RequestContext,
): Promise<void> {
  await requireSessionsAccess(db, actor, id, USER_PROFILE_MESSAGES.adminSessionsDenied);
  await endSession(db, deps, actor, id, sessionId, context);
}

/**
 * Root ends the user's sign-in lockout at once: the failed attempts still counted (under the username
 * or the e-mail, from any address) are cleared, in one transaction with the audit row. Returns how many.
 */
export async function unlockSignIn(
  db: Database,
  root: AdminPrincipal,
  id: string,
  context: RequestContext,
): Promise<number> {
  const account = await findAccountById(db, id);
  if (!account) throw notFound(USER_PROFILE_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const cleared = await clearRecentFailures(tx, [
      account.username.toLowerCase(),
      account.email.toLowerCase(),
    ]);
    await recordAudit(tx, {
      actor: root,
      action: 'user.sign_in_unlocked',
      targetType: 'user',
      targetId: id,
      before: { username: account.username, failed_attempts: cleared },
      after: { username: account.username, failed_attempts: 0 },
      context,
    });
    return cleared;
  });
}

/** Ends every session of the user: each device signs in again. Returns how many ended. */
export async function resetSessions(
  db: Database,
  deps: Deps,
  actor: AdminPrincipal,
  id: string,
  context: RequestContext,
): Promise<number> {
  await requireSessionsAccess(db, actor, id, USER_PROFILE_MESSAGES.adminSessionsDenied);
  const ended = await db.transaction(async (tx) => {
    const sessions = await revokeAllSessions(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'user.sessions_reset',
      targetType: 'user',
      targetId: id,
      before: { sessions: sessions.length },
      after: { sessions: 0 },
      context,
    });
    return sessions;
  });
  for (const sessionId of ended) deps.sessionEnds.ended(sessionId);
  return ended.length;
}

/** Appends a note; notes are never edited (a trigger refuses it), a correction is a new note. */
export async function addNote(
  db: Database,
  actor: AdminPrincipal,
  id: string,
  body: string,
  context: RequestContext,
): Promise<AdminNote> {
  return db.transaction(async (tx) => {
    if (!(await profiles.findProfileRow(tx, id))) throw notFound(USER_PROFILE_MESSAGES.notFound);
    const note = await profiles.insertNote(tx, {
      userId: id,
      authorId: actor.id,
      authorUsername: actor.username,
      body,
    });
    await recordAudit(tx, {
      actor,
      action: 'user.note',
      targetType: 'user',
      targetId: id,
      before: null,
      after: { note_id: note.id },
      context,
    });
    return note;
  });
}
