import { LOGIN_MESSAGES } from '@switchboard/contract/auth';
import type { Database } from '../../db/client.ts';
import { clientNetwork } from '../../http/client-network.ts';
import { HttpError } from '../../http/http-error.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { findLockout, insertPendingAttempt, lockAttemptsFromIp } from './login-attempts.repository.ts';

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(429, LOGIN_MESSAGES.lockedOut(retryAfterSeconds), {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/**
 * Every proof of identity (a password, a second-factor code, a one-time code) passes here first: it
 * is refused with 429 while the username is locked from this network, and is otherwise recorded as a
 * failed attempt until it succeeds, so parallel guesses cannot outrun the limit.
 */
export async function openSignInAttempt(
  db: Database,
  attemptKey: string,
  ip: string,
): Promise<{ attemptId: number; maxAttempts: number }> {
  const { max_login_attempts: maxAttempts } = await liveSettings(db).section('security');
  const network = clientNetwork(ip);
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
  return { attemptId: gate.attemptId, maxAttempts };
}
