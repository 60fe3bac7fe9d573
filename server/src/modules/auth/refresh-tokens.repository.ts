import { REFRESH_TOKEN_TTL_SECONDS } from '@switchboard/contract/auth';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared-statement.ts';
import { refreshTokens } from '../../db/schema/auth.ts';
import type { RequestContext } from '../../http/request-context.ts';

/** Two tabs refreshing with the same token at once both get the one successor within this window. */
export const REFRESH_GRACE_SECONDS = 10;

export async function insertRefreshToken(
  executor: Executor,
  row: { userId: string; familyId: string; tokenHash: string; console: boolean },
  ctx: RequestContext,
): Promise<void> {
  await executor.insert(refreshTokens).values({
    userId: row.userId,
    familyId: row.familyId,
    console: row.console,
    tokenHash: row.tokenHash,
    expiresAt: sql`now() + make_interval(secs => ${REFRESH_TOKEN_TTL_SECONDS})`,
    ipAddress: ctx.ip,
    userAgent: ctx.userAgent,
  });
}

/** The token's row, locked until the transaction ends so that one token rotates at most once. */
export async function lockRefreshToken(tx: Transaction, tokenHash: string) {
  const [row] = await tx
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      console: refreshTokens.console,
      usedAt: refreshTokens.usedAt,
      usedWithinGrace: sql<boolean>`${refreshTokens.usedAt} > now() - make_interval(secs => ${REFRESH_GRACE_SECONDS})`,
      sealedSuccessor: refreshTokens.sealedSuccessor,
      revokedAt: refreshTokens.revokedAt,
      expired: sql<boolean>`${refreshTokens.expiresAt} <= now()`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Marks the token used, keeping its successor sealed for the concurrent-refresh grace window. */
export async function markRefreshTokenUsed(
  executor: Executor,
  id: number,
  sealedSuccessor: string | null,
): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ usedAt: sql`now()`, sealedSuccessor })
    .where(eq(refreshTokens.id, id));
}

export async function revokeFamily(executor: Executor, familyId: string): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Logout: the family of the given token, whatever state that token is in; unknown tokens change
 * nothing. Returns the family (the session) that ended, if any.
 */
export async function revokeFamilyOfToken(executor: Executor, tokenHash: string): Promise<string | null> {
  const rows = await executor
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        isNull(refreshTokens.revokedAt),
        sql`${refreshTokens.familyId} = (select family_id from ${refreshTokens} where token_hash = ${tokenHash})`,
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return rows[0]?.familyId ?? null;
}

/** A session is live while its family has a token that was not revoked (revocation takes the whole family). */
// Read by the auth guard on every signed-in request.
const liveSessionToken = preparedPer((executor) =>
  executor
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, sql.placeholder('familyId')),
        eq(refreshTokens.userId, sql.placeholder('userId')),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .limit(1)
    .prepare('live_session_token'),
);

export async function isSessionLive(executor: Executor, familyId: string, userId: string): Promise<boolean> {
  const rows = await liveSessionToken(executor).execute({ familyId, userId });
  return rows.length > 0;
}

/** Every session that is still live, to tell its holders when all sessions end at once. */
export async function liveSessionIds(executor: Executor): Promise<string[]> {
  const found = await executor
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(isNull(refreshTokens.revokedAt));
  return found.map((r) => r.familyId);
}

/**
 * Every address these users signed in or refreshed from over their live sessions (each refresh is a
 * row of its own): the addresses their requests may come from now.
 */
export async function sessionAddressesOf(executor: Executor, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await executor
    .selectDistinct({ ip: sql<string>`host(${refreshTokens.ipAddress})` })
    .from(refreshTokens)
    .where(
      and(
        inArray(refreshTokens.userId, [...userIds]),
        isNull(refreshTokens.revokedAt),
        sql`${refreshTokens.expiresAt} > now()`,
        sql`${refreshTokens.ipAddress} is not null`,
      ),
    );
  return rows.map((r) => r.ip);
}
