import { randomUUID } from 'node:crypto';
import { LOGIN_MESSAGES, type LoginRequest, type TokenResponse } from '@switchboard/contract/auth';
import type { AppDeps } from '../../app-deps.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { clientNetwork } from '../../http/client-network.ts';
import { forbidden, HttpError, unauthorized } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { accessOf } from '../admin-roles/role-access.ts';
import { recordSecurityEvent } from '../security-events/record-security-event.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { decoyPasswordHash, verifyPassword } from '../users/password.ts';
import {
  type Account,
  findAccountById,
  findAccountByUsername,
  setLastLogin,
} from '../users/users.repository.ts';
import { registerAppUser } from '../users/users.service.ts';
import {
  findLockout,
  insertPendingAttempt,
  lockAttemptsFromIp,
  markAttemptSucceeded,
} from './login-attempts.repository.ts';
import { recordLoginFailure } from './login-failure.ts';
import { hashRefreshToken, newRefreshToken, openSealedSuccessor, sealSuccessor } from './refresh-token.ts';
import {
  insertRefreshToken,
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeFamily,
  revokeFamilyOfToken,
} from './refresh-tokens.repository.ts';

export type AuthDeps = Pick<AppDeps, 'tokens' | 'sessionEnds'>;

const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(429, LOGIN_MESSAGES.tooManyAttempts, {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/**
 * Console sign-in. Only active admins get a session; every other outcome looks the same to the
 * caller (401) except a deactivated admin who proved the password (403).
 */
export function login(db: Database, deps: AuthDeps, input: LoginRequest, ctx: RequestContext) {
  return passwordSignIn(db, deps, input, ctx, { console: true });
}

/**
 * A calling app's password sign-in: any active account, with the console's lockout. The session is
 * an app session, which never opens an admin route, even for an admin.
 */
export function appLogin(db: Database, deps: AuthDeps, input: LoginRequest, ctx: RequestContext) {
  return passwordSignIn(db, deps, input, ctx, { console: false });
}

/** A calling app's sign-up; the new account is signed in at once (an app session). */
export function register(
  db: Database,
  deps: AuthDeps,
  input: { username: string; email: string; password: string },
  ctx: RequestContext,
): Promise<TokenResponse> {
  return registerAppUser(db, input, async (tx, account) => {
    const session = await startSession(tx, account.id, ctx, false);
    return tokenResponse(db, deps, account, session, false, tx);
  });
}

async function passwordSignIn(
  db: Database,
  deps: AuthDeps,
  input: LoginRequest,
  ctx: RequestContext,
  kind: { console: boolean },
): Promise<TokenResponse> {
  const attemptKey = input.username.toLowerCase();
  const { max_login_attempts: maxAttempts } = await liveSettings(db).section('security');
  const network = clientNetwork(ctx.ip);
  const gate = await db.transaction(async (tx) => {
    await lockAttemptsFromIp(tx, network);
    const lockout = await findLockout(tx, { username: attemptKey, ip: network, maxAttempts });
    if (lockout) return { locked: true, retryAfterSeconds: lockout.retryAfterSeconds } as const;
    return {
      locked: false,
      attemptId: await insertPendingAttempt(tx, { username: attemptKey, ip: network }),
    } as const;
  });
  if (gate.locked) throw tooManyAttempts(gate.retryAfterSeconds);

  const account = await findAccountByUsername(db, attemptKey);
  // Always one argon2 verification, so an unknown username costs the same time as a wrong password.
  const passwordOk = await verifyPassword(
    account?.passwordHash ?? (await decoyPasswordHash()),
    input.password,
  );
  const failure = { attemptKey, username: input.username, userId: account?.id ?? null, maxAttempts };
  if (!account) {
    await recordLoginFailure(db, { ...failure, reason: 'unknown username' }, ctx);
    throw unauthorized(LOGIN_MESSAGES.invalidCredentials);
  }
  if (!passwordOk || (kind.console && !account.isAdmin)) {
    const reason = passwordOk ? 'not an administrator' : 'wrong password';
    await recordLoginFailure(db, { ...failure, reason }, ctx);
    throw unauthorized(LOGIN_MESSAGES.invalidCredentials);
  }
  if (!account.isActive) {
    await recordLoginFailure(db, { ...failure, reason: 'account deactivated' }, ctx);
    throw forbidden(LOGIN_MESSAGES.deactivated);
  }
  return issueSession(db, deps, account, ctx, {
    ...kind,
    within: (tx) => markAttemptSucceeded(tx, gate.attemptId),
  });
}

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

/**
 * Rotation: a refresh token works once. Two tabs refreshing with the same token at the same moment
 * both get its one successor within a short grace window; presenting a used token after that means
 * it was copied, so the whole family (the session, with its access tokens) is revoked and recorded.
 */
export async function refreshSession(
  db: Database,
  deps: AuthDeps,
  rawToken: string | undefined,
  ctx: RequestContext,
): Promise<TokenResponse> {
  if (!rawToken) throw unauthorized(LOGIN_MESSAGES.invalidRefreshToken);
  type Outcome = { account: Account; console: boolean; session: NewSession } | { ended: string } | null;
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const row = await lockRefreshToken(tx, hashRefreshToken(rawToken));
    if (!row || row.revokedAt) return null;
    if (row.usedAt) {
      const successor =
        row.usedWithinGrace && row.sealedSuccessor
          ? openSealedSuccessor(rawToken, row.sealedSuccessor)
          : null;
      const account = await findAccountById(tx, row.userId);
      if (successor && account && mayHold(account, row.console)) {
        return {
          account,
          console: row.console,
          session: { refreshToken: successor, sessionId: row.familyId },
        };
      }
      await revokeFamily(tx, row.familyId);
      await recordSecurityEvent(
        db,
        {
          eventType: 'suspicious_activity',
          severity: 'high',
          description: `A used refresh token of '${account?.username ?? row.userId}' was presented again; all of that session's tokens were revoked`,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          userId: row.userId,
          username: account?.username ?? null,
          details: { reason: 'refresh_token_reuse', family_id: row.familyId },
        },
        tx,
      );
      return { ended: row.familyId };
    }
    if (row.expired) return null;
    const account = await findAccountById(tx, row.userId);
    if (!account || !mayHold(account, row.console)) {
      await markRefreshTokenUsed(tx, row.id, null);
      await revokeFamily(tx, row.familyId);
      return { ended: row.familyId };
    }
    const session = await continueSession(tx, account.id, row.familyId, ctx, row.console);
    await markRefreshTokenUsed(tx, row.id, sealSuccessor(rawToken, session.refreshToken));
    return { account, console: row.console, session };
  });
  if (!outcome) throw unauthorized(LOGIN_MESSAGES.invalidRefreshToken);
  if (!('account' in outcome)) {
    deps.sessionEnds.ended(outcome.ended);
    throw unauthorized(LOGIN_MESSAGES.invalidRefreshToken);
  }
  return tokenResponse(db, deps, outcome.account, outcome.session, outcome.console);
}

/** A console session needs an active admin; an app session any active account. */
const mayHold = (account: Account, console: boolean) => account.isActive && (!console || account.isAdmin);

/** Ends the session the refresh token belongs to; unknown tokens are not an error. */
export async function logout(db: Database, deps: AuthDeps, rawToken: string | undefined): Promise<void> {
  if (!rawToken) return;
  const ended = await revokeFamilyOfToken(db, hashRefreshToken(rawToken));
  if (ended) deps.sessionEnds.ended(ended);
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

async function continueSession(
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

/** `executor`: the transaction that opened the session, when it is still open. */
async function tokenResponse(
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
