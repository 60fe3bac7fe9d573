import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  LOGIN_MESSAGES,
  type LoginRequest,
  type TokenResponse,
} from '@switchboard/contract/auth';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { clientNetwork } from '../../http/client-network.ts';
import { forbidden, HttpError, unauthorized } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordSecurityEvent } from '../security-events/record-security-event.ts';
import { readSettingsSection } from '../settings/settings.repository.ts';
import { type Account, findAccountById, findAccountByUsername, setLastLogin } from './auth.repository.ts';
import {
  findLockout,
  insertPendingAttempt,
  lockAttemptsFromIp,
  markAttemptSucceeded,
} from './login-attempts.repository.ts';
import { recordLoginFailure } from './login-failure.ts';
import { decoyPasswordHash, verifyPassword } from './password.ts';
import { hashRefreshToken, newRefreshToken } from './refresh-token.ts';
import {
  insertRefreshToken,
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeFamily,
  revokeFamilyOfToken,
} from './refresh-tokens.repository.ts';

export type AuthDeps = Pick<AppDeps, 'db' | 'tokens'>;

const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(429, LOGIN_MESSAGES.tooManyAttempts, {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/**
 * Console sign-in. Only active admins get a session; every other outcome looks the same to the
 * caller (401) except a deactivated admin who proved the password (403), as spec §8 expects.
 */
export async function login(
  deps: AuthDeps,
  input: LoginRequest,
  ctx: RequestContext,
): Promise<TokenResponse> {
  const attemptKey = input.username.toLowerCase();
  const { max_login_attempts: maxAttempts } = await readSettingsSection(deps.db, 'security');
  const network = clientNetwork(ctx.ip);
  const gate = await deps.db.transaction(async (tx) => {
    await lockAttemptsFromIp(tx, network);
    const lockout = await findLockout(tx, { username: attemptKey, ip: network, maxAttempts });
    if (lockout) return { locked: true, retryAfterSeconds: lockout.retryAfterSeconds } as const;
    return {
      locked: false,
      attemptId: await insertPendingAttempt(tx, { username: attemptKey, ip: network }),
    } as const;
  });
  if (gate.locked) throw tooManyAttempts(gate.retryAfterSeconds);

  const account = await findAccountByUsername(deps.db, attemptKey);
  // Always one argon2 verification, so an unknown username costs the same time as a wrong password.
  const passwordOk = await verifyPassword(
    account?.passwordHash ?? (await decoyPasswordHash()),
    input.password,
  );
  const failure = { attemptKey, username: input.username, userId: account?.id ?? null, maxAttempts };
  if (!account) {
    await recordLoginFailure(deps.db, { ...failure, reason: 'unknown username' }, ctx);
    throw unauthorized(LOGIN_MESSAGES.invalidCredentials);
  }
  if (!passwordOk || !account.isAdmin) {
    const reason = passwordOk ? 'not an administrator' : 'wrong password';
    await recordLoginFailure(deps.db, { ...failure, reason }, ctx);
    throw unauthorized(LOGIN_MESSAGES.invalidCredentials);
  }
  if (!account.isActive) {
    await recordLoginFailure(deps.db, { ...failure, reason: 'account deactivated' }, ctx);
    throw forbidden(LOGIN_MESSAGES.deactivated);
  }

  const refreshToken = await deps.db.transaction(async (tx) => {
    await markAttemptSucceeded(tx, gate.attemptId);
    await setLastLogin(tx, account.id);
    return startSession(tx, account.id, ctx);
  });
  return tokenResponse(deps, account, refreshToken);
}

/**
 * Rotation: a refresh token works once. Presenting one that was already used means it was copied,
 * so the whole family (including the newest token) is revoked and the event recorded.
 */
export async function refreshSession(
  deps: AuthDeps,
  rawToken: string | undefined,
  ctx: RequestContext,
): Promise<TokenResponse> {
  if (!rawToken) throw unauthorized(LOGIN_MESSAGES.invalidRefreshToken);
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await lockRefreshToken(tx, hashRefreshToken(rawToken));
    if (!row || row.revokedAt) return null;
    if (row.usedAt) {
      await revokeFamily(tx, row.familyId);
      const account = await findAccountById(tx, row.userId);
      await recordSecurityEvent(tx, {
        eventType: 'refresh_token_reuse',
        severity: 'high',
        description: `A used refresh token of '${account?.username ?? row.userId}' was presented again; all of that session's tokens were revoked`,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        userId: row.userId,
        username: account?.username ?? null,
        details: { family_id: row.familyId },
      });
      return null;
    }
    if (row.expired) return null;
    await markRefreshTokenUsed(tx, row.id);
    const account = await findAccountById(tx, row.userId);
    if (!account?.isActive || !account.isAdmin) {
      await revokeFamily(tx, row.familyId);
      return null;
    }
    return { account, refreshToken: await continueSession(tx, account.id, row.familyId, ctx) };
  });
  if (!outcome) throw unauthorized(LOGIN_MESSAGES.invalidRefreshToken);
  return tokenResponse(deps, outcome.account, outcome.refreshToken);
}

/** Ends the session the refresh token belongs to; unknown tokens are not an error. */
export async function logout(deps: AuthDeps, rawToken: string | undefined): Promise<void> {
  if (rawToken) await revokeFamilyOfToken(deps.db, hashRefreshToken(rawToken));
}

/** A new refresh-token family for a user who just proved their password; returns the raw token. */
export function startSession(executor: Executor, userId: string, ctx: RequestContext): Promise<string> {
  return continueSession(executor, userId, randomUUID(), ctx);
}

async function continueSession(executor: Executor, userId: string, familyId: string, ctx: RequestContext) {
  const { token, hash } = newRefreshToken();
  await insertRefreshToken(executor, { userId, familyId, tokenHash: hash }, ctx);
  return token;
}

async function tokenResponse(deps: AuthDeps, account: Account, refreshToken: string): Promise<TokenResponse> {
  const principal = { id: account.id, username: account.username, isRootAdmin: account.isRootAdmin };
  return {
    success: true,
    access_token: await deps.tokens.sign(principal),
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    user: {
      id: account.id,
      username: account.username,
      email: account.email,
      is_admin: account.isAdmin,
      is_root_admin: account.isRootAdmin,
    },
  };
}
