import { LOGIN_MESSAGES } from '@switchboard/contract/auth';
import { SESSION_MESSAGES, type SignedInSession } from '@switchboard/contract/sessions';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { forbidden, notFound } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findAccountById } from '../users/users.repository.ts';
import { listLiveSessions, revokeOtherSessions, revokeSessionOf } from './sessions.repository.ts';
import { deviceOf } from './user-agent-device.ts';

type SessionDeps = Pick<AppDeps, 'sessionEnds'>;

export async function listSessions(
  db: Database,
  userId: string,
  currentSessionId: string | null,
): Promise<SignedInSession[]> {
  const rows = await listLiveSessions(db, userId);
  return rows.map((r) => ({
    id: r.familyId,
    device: deviceOf(r.userAgent),
    user_agent: r.userAgent,
    ip_address: r.ipAddress,
    signed_in_at: r.signedInAt.toISOString(),
    last_seen_at: r.lastSeenAt.toISOString(),
    app: !r.console,
    current: r.familyId === currentSessionId,
  }));
}

/**
 * Ends one session as logout does: its refresh tokens are revoked (so its access tokens are refused at
 * the next request, on every instance: the guard's write hook tells them to forget) and its sockets close.
 */
export async function endSession(
  db: Database,
  deps: SessionDeps,
  actor: AdminPrincipal,
  userId: string,
  sessionId: string,
  ctx: RequestContext,
): Promise<void> {
  const ended = await db.transaction(async (tx) => {
    if (!(await revokeSessionOf(tx, userId, sessionId))) return false;
    if (actor.id !== userId) {
      await recordAudit(tx, {
        actor,
        action: 'session.end',
        targetType: 'user',
        targetId: userId,
        before: { session: sessionId },
        after: null,
        context: ctx,
      });
    }
    return true;
  });
  if (!ended) throw notFound(SESSION_MESSAGES.notFound);
  deps.sessionEnds.ended(sessionId);
}

export async function endOtherSessions(
  db: Database,
  deps: SessionDeps,
  userId: string,
  currentSessionId: string,
): Promise<number> {
  const ended = await revokeOtherSessions(db, userId, currentSessionId);
  for (const sessionId of ended) deps.sessionEnds.ended(sessionId);
  return ended.length;
}

/** Another admin's sessions are for an admin with `admins:manage`; a root admin's for root alone. */
export async function requireManagedAdmin(
  db: Database,
  actor: AdminPrincipal,
  userId: string,
): Promise<void> {
  const account = await findAccountById(db, userId);
  if (!account?.isAdmin) throw notFound(SESSION_MESSAGES.adminNotFound);
  if (account.isRootAdmin && !actor.isRootAdmin) throw forbidden(LOGIN_MESSAGES.rootOnly);
}
