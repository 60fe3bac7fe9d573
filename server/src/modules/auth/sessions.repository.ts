import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/auth.ts';

export interface SessionRow {
  familyId: string;
  console: boolean;
  ipAddress: string | null;
  userAgent: string | null;
  signedInAt: Date;
  lastSeenAt: Date;
}

/**
 * A user's live sessions, newest activity first: one row per refresh-token family that is neither
 * revoked nor expired. The address and user agent are the latest token's (the last refresh).
 */
export async function listLiveSessions(executor: Executor, userId: string): Promise<SessionRow[]> {
  const result = await executor.execute(sql`
    select family_id, bool_and(console) as console,
      (array_agg(host(ip_address) order by created_at desc, id desc))[1] as ip_address,
      (array_agg(user_agent order by created_at desc, id desc))[1] as user_agent,
      min(created_at) as signed_in_at, max(created_at) as last_seen_at
    from ${refreshTokens}
    where user_id = ${userId} and revoked_at is null
    group by family_id
    having max(expires_at) > now()
    order by max(created_at) desc, family_id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    familyId: String(r.family_id),
    console: Boolean(r.console),
    ipAddress: (r.ip_address as string | null) ?? null,
    userAgent: (r.user_agent as string | null) ?? null,
    signedInAt: new Date(r.signed_in_at as string),
    lastSeenAt: new Date(r.last_seen_at as string),
  }));
}

/** Revokes one of the user's sessions; false when it is not theirs or already over. */
export async function revokeSessionOf(
  executor: Executor,
  userId: string,
  familyId: string,
): Promise<boolean> {
  const rows = await executor
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      sql`${refreshTokens.userId} = ${userId} and ${refreshTokens.familyId} = ${familyId} and ${refreshTokens.revokedAt} is null`,
    )
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

/** Revokes every session of the user but one; returns the sessions that ended. */
export async function revokeOtherSessions(
  executor: Executor,
  userId: string,
  keep: string,
): Promise<string[]> {
  const rows = await executor
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      sql`${refreshTokens.userId} = ${userId} and ${refreshTokens.familyId} <> ${keep} and ${refreshTokens.revokedAt} is null`,
    )
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(rows.map((r) => r.familyId))];
}
