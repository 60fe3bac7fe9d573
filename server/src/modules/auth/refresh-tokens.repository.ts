import { REFRESH_TOKEN_TTL_SECONDS } from '@switchboard/contract/auth';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/auth.ts';
import type { RequestContext } from '../../http/request-context.ts';

export async function insertRefreshToken(
  executor: Executor,
  row: { userId: string; familyId: string; tokenHash: string },
  ctx: RequestContext,
): Promise<void> {
  await executor.insert(refreshTokens).values({
    userId: row.userId,
    familyId: row.familyId,
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
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
      expired: sql<boolean>`${refreshTokens.expiresAt} <= now()`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function markRefreshTokenUsed(executor: Executor, id: number): Promise<void> {
  await executor.update(refreshTokens).set({ usedAt: sql`now()` }).where(eq(refreshTokens.id, id));
}

export async function revokeFamily(executor: Executor, familyId: string): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout: the family of the given token, whatever state that token is in; unknown tokens change nothing. */
export async function revokeFamilyOfToken(executor: Executor, tokenHash: string): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        isNull(refreshTokens.revokedAt),
        sql`${refreshTokens.familyId} = (select family_id from ${refreshTokens} where token_hash = ${tokenHash})`,
      ),
    );
}
