import { randomUUID } from 'node:crypto';
import { LOGIN_MESSAGES, type TokenResponse } from '@switchboard/contract/auth';
import type { AppDeps } from '../../app-deps.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { forbidden, unauthorized } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { accessOf } from '../admin-roles/role-access.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { type Account, setLastLogin } from '../users/users.repository.ts';
import { newRefreshToken } from './refresh-token.ts';
import { insertRefreshToken } from './refresh-tokens.repository.ts';

export type AuthDeps = Pick<AppDeps, 'tokens' | 'sessionEnds'>;

/**
 * Opens a session for an account that has just proved who it is (a password, a one-time code, a
 * second factor) and answers with its tokens. `console: true` makes a console session, which only an
 * active admin may have; otherwise an app session of any active account. `within` runs in the same
 * transaction (e.g. to mark the proof used), so a refused sign-in writes nothing.
 */
export async function issueSession(
  db: Database,
  deps: AuthDeps,
  account: Account,
  ctx: RequestContext,
  options: { console: boolean; within?: (tx: Transaction) => Promise<void> },
): Promise<TokenResponse> {
  if (!account.isActive) throw forbidden(LOGIN_MESSAGES.deactivated);
  if (options.console && !account.isAdmin) throw unauthorized(LOGIN_MESSAGES.invalidCredentials);
  const session = await db.transaction(async (tx) => {
    await options.within?.(tx);
    await setLastLogin(tx, account.id);
    return startSession(tx, account.id, ctx, options.console);
  });
  return tokenResponse(db, deps, account, session, options.console);
}

export interface NewSession {
  refreshToken: string;
  sessionId: string;
}

/** A new session (refresh-token family) for a user who just proved who they are. */
export function startSession(
  db: Executor,
  userId: string,
  ctx: RequestContext,
  console: boolean,
): Promise<NewSession> {
  return continueSession(db, userId, randomUUID(), ctx, console);
}

export async function continueSession(
  db: Executor,
  userId: string,
  familyId: string,
  ctx: RequestContext,
  console: boolean,
): Promise<NewSession> {
  const { token, hash } = newRefreshToken();
  await insertRefreshToken(db, { userId, familyId, tokenHash: hash, console }, ctx);
  return { refreshToken: token, sessionId: familyId };
}

/** `executor` is the transaction the session was started in, when the answer is made inside it. */
export async function tokenResponse(
  db: Database,
  deps: AuthDeps,
  account: Account,
  session: NewSession,
  console: boolean,
  executor: Executor = db,
): Promise<TokenResponse> {
  const principal = {
    id: account.id,
    username: account.username,
    isAdmin: console,
    isRootAdmin: console && account.isRootAdmin,
  };
  // The settings' session timeout is the access token's lifetime, read per sign-in so a change applies at once.
  const { session_timeout: minutes } = await liveSettings(db).section('security', executor);
  const ttlSeconds = minutes * 60;
  const access = await accessOf(executor, account);
  return {
    success: true,
    access_token: await deps.tokens.sign(principal, session.sessionId, ttlSeconds),
    refresh_token: session.refreshToken,
    token_type: 'bearer',
    expires_in: ttlSeconds,
    user: {
      id: account.id,
      username: account.username,
      email: account.email,
      is_admin: account.isAdmin,
      is_root_admin: account.isRootAdmin,
      role: access.role,
      permissions: [...access.permissions],
    },
  };
}
