import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/auth.ts';
import { adminFactors, pendingSignIns, recoveryCodes } from '../../db/schema/two-factor.ts';

/** Ends every session of the user; returns the sessions that ended. */
export async function revokeAllSessions(executor: Executor, userId: string): Promise<string[]> {
  const rows = await executor
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(rows.map((r) => r.familyId))];
}

/** Every address the user signed in or refreshed from, over refresh_tokens_user_idx. */
export async function addressesOf(executor: Executor, userId: string): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ ip: sql<string>`host(${refreshTokens.ipAddress})` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), sql`${refreshTokens.ipAddress} is not null`))
    .limit(1000);
  return rows.map((r) => r.ip);
}

/** The export: every sign-in (token rotation) the user made, without the token hashes. */
export async function sessionHistoryOf(executor: Executor, userId: string) {
  return executor
    .select({
      session_id: refreshTokens.familyId,
      console: refreshTokens.console,
      ip_address: refreshTokens.ipAddress,
      user_agent: refreshTokens.userAgent,
      created_at: refreshTokens.createdAt,
      expires_at: refreshTokens.expiresAt,
      used_at: refreshTokens.usedAt,
      revoked_at: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .orderBy(asc(refreshTokens.id));
}

/** The export: whether the user has a second factor and their codes' use, never a secret or a hash. */
export async function twoFactorOf(executor: Executor, userId: string) {
  const [factor] = await executor
    .select({ confirmed_at: adminFactors.confirmedAt, created_at: adminFactors.createdAt })
    .from(adminFactors)
    .where(eq(adminFactors.userId, userId));
  const codes = await executor
    .select({ used_at: recoveryCodes.usedAt, created_at: recoveryCodes.createdAt })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  const pending = await executor
    .select({
      method: pendingSignIns.method,
      console: pendingSignIns.console,
      expires_at: pendingSignIns.expiresAt,
      used_at: pendingSignIns.usedAt,
      created_at: pendingSignIns.createdAt,
    })
    .from(pendingSignIns)
    .where(eq(pendingSignIns.userId, userId));
  return { factor: factor ?? null, recovery_codes: codes, pending_sign_ins: pending };
}
