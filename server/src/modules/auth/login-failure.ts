import type { Database } from '../../db/client.ts';
import { clientNetwork } from '../../http/client-network.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordSecurityEvent } from '../security-events/record-security-event.ts';
import { findLockout } from './login-attempts.repository.ts';

export interface LoginFailure {
  /** The lower-cased username the attempts are counted under. */
  attemptKey: string;
  /** As typed, for the event's description. */
  username: string;
  userId: string | null;
  reason: string;
  maxAttempts: number;
}

/**
 * The attempt row was already written as a failure before the password was checked; this adds
 * the Security screen's event, and a second one when this failure is the one that starts a lockout.
 */
export async function recordLoginFailure(
  db: Database,
  failure: LoginFailure,
  ctx: RequestContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const who = { ip: ctx.ip, userAgent: ctx.userAgent, userId: failure.userId, username: failure.username };
    await recordSecurityEvent(
      db,
      {
        ...who,
        eventType: 'login_failed',
        severity: 'medium',
        description: `Failed sign-in for username '${failure.username}' (${failure.reason})`,
        details: { reason: failure.reason },
      },
      tx,
    );
    const lockout = await findLockout(tx, {
      username: failure.attemptKey,
      ip: clientNetwork(ctx.ip),
      maxAttempts: failure.maxAttempts,
    });
    if (!lockout) return;
    await recordSecurityEvent(
      db,
      {
        ...who,
        eventType: 'rate_limit_exceeded',
        severity: 'high',
        description:
          lockout.scope === 'username'
            ? `Sign-in for username '${failure.username}' from ${ctx.ip} locked after ${lockout.failures} failed attempts`
            : `Sign-in from ${ctx.ip} locked after ${lockout.failures} failed attempts across usernames`,
        details: { scope: lockout.scope, retry_after_seconds: lockout.retryAfterSeconds },
      },
      tx,
    );
  });
}
