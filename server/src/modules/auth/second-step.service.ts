import { timingSafeEqual } from 'node:crypto';
import {
  ONE_TIME_CODE,
  PENDING_FACTOR_TTL_SECONDS,
  type PendingSignIn,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MESSAGES,
  type VerifyOtpRequest,
  type VerifyOtpResponse,
} from '@switchboard/contract/two-factor';
import type { AppDeps } from '../../app-deps.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { unauthorized } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { type Account, findAccountById } from '../users/users.repository.ts';
import {
  hashOneTimeCode,
  hashPendingToken,
  hashRecoveryCode,
  newPendingToken,
  newRecoveryCode,
  openFactorSecret,
  sealFactorSecret,
} from './factor-secret.ts';
import { type AuthDeps, issueSession } from './issue-session.ts';
import { markAttemptSucceeded } from './login-attempts.repository.ts';
import { recordLoginFailure } from './login-failure.ts';
import { openSignInAttempt } from './sign-in-gate.ts';
import { acceptedTotpStep, newTotpSecret, totpEnrolment } from './totp.ts';
import {
  confirmFactor,
  countPendingAttempt,
  findFactor,
  findPendingSignIn,
  insertPendingSignIn,
  lockFactor,
  lockPendingSignIn,
  markPendingUsed,
  type PendingSignInRow,
  replaceRecoveryCodes,
  saveUnconfirmedFactor,
  setLastStep,
  useRecoveryCode,
} from './two-factor.repository.ts';

export type SecondStepDeps = AuthDeps & Pick<AppDeps, 'config' | 'clock'>;

export const clockOf = (deps: Pick<AppDeps, 'clock'>) => deps.clock ?? (() => new Date());

/**
 * After an admin's password: a pending sign-in when they have an authenticator (its code is next), or
 * when the settings require one and they have none (they add one, and its first code signs them in).
 * Null when the password is enough.
 */
export async function pendingSecondStep(
  db: Database,
  deps: SecondStepDeps,
  account: Account,
  loginAttemptId: number,
): Promise<PendingSignIn | null> {
  const factor = await findFactor(db, account.id);
  const now = clockOf(deps)();
  const expiresAt = new Date(now.getTime() + PENDING_FACTOR_TTL_SECONDS * 1000);
  const pending = async (method: 'totp' | 'enrol') => {
    const { token, hash } = newPendingToken();
    await insertPendingSignIn(db, {
      tokenHash: hash,
      userId: account.id,
      method,
      console: true,
      loginAttemptId,
      expiresAt,
    });
    return {
      success: true as const,
      pending: true as const,
      pending_token: token,
      method,
      expires_in: PENDING_FACTOR_TTL_SECONDS,
    };
  };
  if (factor?.confirmedAt) return pending('totp');
  const { require_admin_two_factor: required } = await liveSettings(db).section('security');
  if (!required) return null;
  const secret = newTotpSecret();
  if (!(await saveUnconfirmedFactor(db, account.id, sealFactorSecret(deps.config.jwtSecret, secret)))) {
    return pending('totp'); // enrolled meanwhile, from another tab
  }
  return { ...(await pending('enrol')), enrolment: await totpEnrolment(secret, account.username) };
}

type CodeCheck = { ok: true; recoveryCodes?: string[] } | { ok: false };

/**
 * `POST /auth/verify-otp`: the second step of every two-step sign-in. The code is checked under the
 * sign-in lockout (a wrong code is a failed attempt like a wrong password), at most
 * ONE_TIME_CODE.maxAttempts times per pending sign-in, and a pending sign-in completes once.
 */
export async function verifyOtp(
  db: Database,
  deps: SecondStepDeps,
  input: VerifyOtpRequest,
  ctx: RequestContext,
): Promise<VerifyOtpResponse> {
  const now = clockOf(deps)();
  const found = await findPendingSignIn(db, hashPendingToken(input.pending_token));
  if (!found || found.usedAt || found.expiresAt <= now) throw unauthorized(TWO_FACTOR_MESSAGES.invalidCode);
  const account = await findAccountById(db, found.userId);
  if (!account) throw unauthorized(TWO_FACTOR_MESSAGES.invalidCode);
  const attemptKey = account.username.toLowerCase();
  const gate = await openSignInAttempt(db, attemptKey, ctx.ip);

  const outcome = await db.transaction(async (tx) => {
    const row = await lockPendingSignIn(tx, found.id);
    if (!row || row.usedAt || row.expiresAt <= now) return { ok: false as const, spent: false };
    const check = await checkCode(tx, deps, row, account, input.code.trim(), now, ctx);
    if (!check.ok) {
      const spent = row.attempts + 1 >= ONE_TIME_CODE.maxAttempts;
      await countPendingAttempt(tx, row.id, spent);
      return { ok: false as const, spent };
    }
    await markPendingUsed(tx, row.id);
    return { ...check, console: row.console, loginAttemptId: row.loginAttemptId };
  });
  if (!outcome.ok) {
    await recordLoginFailure(
      db,
      {
        attemptKey,
        username: account.username,
        userId: account.id,
        reason: 'wrong code',
        maxAttempts: gate.maxAttempts,
      },
      ctx,
    );
    throw unauthorized(
      outcome.spent ? TWO_FACTOR_MESSAGES.tooManyCodeAttempts : TWO_FACTOR_MESSAGES.invalidCode,
    );
  }
  const tokens = await issueSession(db, deps, account, ctx, {
    console: outcome.console,
    within: async (tx) => {
      await markAttemptSucceeded(tx, gate.attemptId);
      if (outcome.loginAttemptId !== null) await markAttemptSucceeded(tx, outcome.loginAttemptId);
    },
  });
  return outcome.recoveryCodes ? { ...tokens, recovery_codes: outcome.recoveryCodes } : tokens;
}

async function checkCode(
  tx: Transaction,
  deps: SecondStepDeps,
  row: PendingSignInRow,
  account: Account,
  code: string,
  now: Date,
  ctx: RequestContext,
): Promise<CodeCheck> {
  const serverSecret = deps.config.jwtSecret;
  if (row.method === 'code') {
    const expected = Buffer.from(row.codeHash ?? '', 'hex');
    const given = Buffer.from(hashOneTimeCode(serverSecret, code), 'hex');
    return { ok: expected.length === given.length && timingSafeEqual(expected, given) };
  }
  const factor = await lockFactor(tx, account.id);
  const secret = factor ? openFactorSecret(serverSecret, factor.sealedSecret) : null;
  if (!factor || !secret) return { ok: false };
  const step = acceptedTotpStep(secret, code, now, factor.lastStep);
  if (row.method === 'enrol') {
    if (step === null) return { ok: false };
    const recoveryCodes = await confirmEnrolment(tx, account, step, ctx);
    return { ok: true, recoveryCodes };
  }
  if (!factor.confirmedAt) return { ok: false };
  if (step !== null) {
    await setLastStep(tx, account.id, step);
    return { ok: true };
  }
  return { ok: await useRecoveryCode(tx, account.id, hashRecoveryCode(code)) };
}

/** The first code from a new authenticator turns it on; ten new recovery codes are made (shown once). */
export async function confirmEnrolment(
  tx: Transaction,
  account: Pick<Account, 'id' | 'username' | 'isRootAdmin'>,
  step: number,
  ctx: RequestContext,
): Promise<string[]> {
  await confirmFactor(tx, account.id, step);
  const codes = await newRecoveryCodes(tx, account.id);
  await recordAudit(tx, {
    actor: { id: account.id, username: account.username, isRootAdmin: account.isRootAdmin },
    action: 'two_factor.enrol',
    targetType: 'user',
    targetId: account.id,
    before: { enrolled: false },
    after: { enrolled: true },
    context: ctx,
  });
  return codes;
}

export async function newRecoveryCodes(tx: Transaction, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
  return codes;
}
