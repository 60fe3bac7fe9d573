import { ONE_TIME_CODE, TWO_FACTOR_MESSAGES } from '@switchboard/contract/two-factor';
import type { FastifyBaseLogger } from 'fastify';
import type { CodeSender } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import { clientNetwork } from '../../http/client-network.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { findAccountByLogin } from '../users/users.repository.ts';
import { hashOneTimeCode, newOneTimeCode, newPendingToken } from './factor-secret.ts';
import { findLockout } from './login-attempts.repository.ts';
import { clockOf, type SecondStepDeps } from './second-step.service.ts';
import { tooManyAttempts } from './sign-in-gate.ts';
import { insertPendingSignIn, lockedCodesSentSince, retireOpenCodes } from './two-factor.repository.ts';

/**
 * `POST /auth/request-otp`: a calling app's sign-in by one-time code. The answer is the same whether
 * or not the account exists (a pending token that leads nowhere), and the code is sent without the
 * caller waiting for the gateway, so neither the body nor the timing tells who has an account.
 */
export async function requestOneTimeCode(
  db: Database,
  deps: SecondStepDeps,
  sender: CodeSender,
  log: FastifyBaseLogger,
  login: string,
  ctx: RequestContext,
) {
  const { max_login_attempts: maxAttempts } = await liveSettings(db).section('security');
  const lockout = await findLockout(db, {
    username: login.toLowerCase(),
    ip: clientNetwork(ctx.ip),
    maxAttempts,
  });
  if (lockout) throw tooManyAttempts(lockout.retryAfterSeconds);

  const { token, hash } = newPendingToken();
  const answer = {
    success: true as const,
    message: TWO_FACTOR_MESSAGES.codeSent,
    pending_token: token,
    expires_in: ONE_TIME_CODE.ttlSeconds,
  };
  const account = await findAccountByLogin(db, login);
  if (!account?.isActive) return answer;

  const code = newOneTimeCode();
  const expiresAt = new Date(clockOf(deps)().getTime() + ONE_TIME_CODE.ttlSeconds * 1000);
  const sent = await db.transaction(async (tx) => {
    const recent = await lockedCodesSentSince(tx, account.id, ONE_TIME_CODE.accountWindowSeconds);
    if (recent >= ONE_TIME_CODE.maxPerAccount) return false;
    await retireOpenCodes(tx, account.id);
    await insertPendingSignIn(tx, {
      tokenHash: hash,
      userId: account.id,
      method: 'code',
      console: false,
      codeHash: hashOneTimeCode(deps.config.jwtSecret, code),
      expiresAt,
    });
    return true;
  });
  // The same answer either way: a full account must not tell the caller it exists.
  if (!sent) {
    log.warn('one-time code not sent: the account had its codes for now');
    return answer;
  }
  const shown = sender.demoShowsCode ? { demo_code: code } : {};
  sender
    .send({
      userId: account.id,
      username: account.username,
      email: account.email,
      code,
      expiresInSeconds: ONE_TIME_CODE.ttlSeconds,
    })
    .catch((err: unknown) =>
      log.warn({ reason: err instanceof Error ? err.name : 'unknown' }, 'sending a one-time code failed'),
    );
  return { ...answer, ...shown };
}
