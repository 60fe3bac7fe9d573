import {
  LOGIN_MESSAGES,
  type LoginRequest,
  type LoginResponse,
  type TokenResponse,
} from '@switchboard/contract/auth';
import { isPendingSignIn } from '@switchboard/contract/two-factor';
import type { Database } from '../../db/client.ts';
import { forbidden, unauthorized } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { grantWelcomeCoins } from '../coins/welcome-coins.ts';
import { recordSecurityEvent } from '../security-events/record-security-event.ts';
import { decoyPasswordHash, verifyPassword } from '../users/password.ts';
import { type Account, findAccountById, findAccountByUsername } from '../users/users.repository.ts';
import { registerAppUser } from '../users/users.service.ts';
import {
  type AuthDeps,
  continueSession,
  issueSession,
  type NewSession,
  startSession,
  tokenResponse,
} from './issue-session.ts';
import { markAttemptSucceeded } from './login-attempts.repository.ts';
import { recordLoginFailure } from './login-failure.ts';
import { hashRefreshToken, openSealedSuccessor, sealSuccessor } from './refresh-token.ts';
import {
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeFamily,
  revokeFamilyOfToken,
} from './refresh-tokens.repository.ts';
import { pendingSecondStep, type SecondStepDeps } from './second-step.service.ts';
import { openSignInAttempt } from './sign-in-gate.ts';

export type { AuthDeps } from './issue-session.ts';

/**
 * Console sign-in. Only active admins get a session; every other outcome looks the same to the
 * caller (401) except a deactivated admin who proved the password (403).
 */
export function login(
  db: Database,
  deps: SecondStepDeps,
  input: LoginRequest,
  ctx: RequestContext,
): Promise<LoginResponse> {
  return passwordSignIn(db, deps, input, ctx, { console: true });
}

/**
 * A calling app's password sign-in: any active account, with the console's lockout. The session is
 * an app session, which never opens an admin route, even for an admin.
 */
export async function appLogin(
  db: Database,
  deps: SecondStepDeps,
  input: LoginRequest,
  ctx: RequestContext,
): Promise<TokenResponse> {
  const answer = await passwordSignIn(db, deps, input, ctx, { console: false });
  if (isPendingSignIn(answer)) throw new Error('an app sign-in never has a second step');
  return answer;
}

/** A calling app's sign-up; the new account is signed in at once (an app session). */
export function register(
  db: Database,
  deps: AuthDeps,
  input: { username: string; email: string; password: string },
  ctx: RequestContext,
): Promise<TokenResponse> {
  return registerAppUser(db, input, async (tx, account) => {
    await grantWelcomeCoins(db, tx, account.id);
    const session = await startSession(tx, account.id, ctx, false);
    return tokenResponse(db, deps, account, session, false, tx);
  });
}

async function passwordSignIn(
  db: Database,
  deps: SecondStepDeps,
  input: LoginRequest,
  ctx: RequestContext,
  kind: { console: boolean },
): Promise<LoginResponse> {
  const attemptKey = input.username.toLowerCase();
  const gate = await openSignInAttempt(db, attemptKey, ctx.ip);
  const maxAttempts = gate.maxAttempts;

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
  // The password's attempt stays counted as a failure until the second step succeeds too.
  if (kind.console) {
    const pending = await pendingSecondStep(db, deps, account, gate.attemptId);
    if (pending) return pending;
  }
  return issueSession(db, deps, account, ctx, {
    ...kind,
    within: (tx) => markAttemptSucceeded(tx, gate.attemptId),
  });
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
      await recordSecurityEvent(tx, {
        eventType: 'suspicious_activity',
        severity: 'high',
        description: `A used refresh token of '${account?.username ?? row.userId}' was presented again; all of that session's tokens were revoked`,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        userId: row.userId,
        username: account?.username ?? null,
        details: { reason: 'refresh_token_reuse', family_id: row.familyId },
      });
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
