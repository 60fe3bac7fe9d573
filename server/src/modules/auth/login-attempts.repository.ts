import { LOGIN_ATTEMPT_WINDOW_MINUTES } from '@switchboard/contract/auth';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema/auth.ts';

/** Failures from one IP (any usernames) that stop password spraying, per window. */
export const MAX_FAILURES_PER_IP = 50;

export interface Lockout {
  scope: 'username' | 'ip';
  failures: number;
  retryAfterSeconds: number;
}

const windowStart = sql.raw(`now() - interval '${LOGIN_ATTEMPT_WINDOW_MINUTES} minutes'`);
const windowLength = sql.raw(`interval '${LOGIN_ATTEMPT_WINDOW_MINUTES} minutes'`);

/**
 * Whether sign-in is locked for this username from this IP: `maxAttempts` failures since the
 * pair's last success within the window, or MAX_FAILURES_PER_IP failures from the IP. The wait
 * is until enough counted failures leave the window for the count to drop below the limit.
 */
export async function findLockout(
  executor: Executor,
  key: { username: string; ip: string; maxAttempts: number },
): Promise<Lockout | null> {
  const perUser = await nthNewestFailureSecondsLeft(
    executor,
    sql`${loginAttempts.username} = ${key.username} and ${loginAttempts.ipAddress} = ${key.ip}
      and ${loginAttempts.createdAt} > coalesce((
        select max(s.created_at) from ${loginAttempts} s
        where s.username = ${key.username} and s.ip_address = ${key.ip} and s.succeeded and s.created_at > ${windowStart}
      ), '-infinity'::timestamptz)`,
    key.maxAttempts,
  );
  if (perUser !== null) return { scope: 'username', failures: key.maxAttempts, retryAfterSeconds: perUser };
  const perIp = await nthNewestFailureSecondsLeft(
    executor,
    sql`${loginAttempts.ipAddress} = ${key.ip}`,
    MAX_FAILURES_PER_IP,
  );
  if (perIp !== null) return { scope: 'ip', failures: MAX_FAILURES_PER_IP, retryAfterSeconds: perIp };
  return null;
}

async function nthNewestFailureSecondsLeft(executor: Executor, scope: SQL, n: number) {
  const [row] = await executor
    .select({
      secondsLeft: sql<number>`extract(epoch from (${loginAttempts.createdAt} + ${windowLength} - now()))::float8`,
    })
    .from(loginAttempts)
    .where(sql`${scope} and not ${loginAttempts.succeeded} and ${loginAttempts.createdAt} > ${windowStart}`)
    .orderBy(sql`${loginAttempts.createdAt} desc`)
    .limit(1)
    .offset(n - 1);
  return row ? Math.max(1, Math.ceil(Number(row.secondsLeft))) : null;
}

/**
 * Ends a lockout of these sign-in keys (the username and the e-mail an account signs in with) before it
 * runs out: the failures still inside the window are deleted, from every address. Returns how many.
 */
export async function clearRecentFailures(executor: Executor, keys: string[]): Promise<number> {
  const rows = await executor
    .delete(loginAttempts)
    .where(
      and(
        inArray(loginAttempts.username, keys),
        eq(loginAttempts.succeeded, false),
        sql`${loginAttempts.createdAt} > ${windowStart}`,
      ),
    )
    .returning({ id: loginAttempts.id });
  return rows.length;
}

/** Counted as a failure until the password is proven, so parallel guesses cannot outrun the limit. */
export async function insertPendingAttempt(executor: Executor, key: { username: string; ip: string }) {
  const [row] = await executor
    .insert(loginAttempts)
    .values({ username: key.username, ipAddress: key.ip, succeeded: false })
    .returning({ id: loginAttempts.id });
  if (!row) throw new Error('login attempt insert returned nothing');
  return row.id;
}

export async function markAttemptSucceeded(executor: Executor, id: number): Promise<void> {
  await executor.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id));
}

/** Serialises the check-then-record of sign-ins from one IP (pg advisory locks also work on PGlite). */
export async function lockAttemptsFromIp(executor: Executor, ip: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${ip}`}))`);
}
