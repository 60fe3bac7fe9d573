import { ONE_TIME_CODE, type PendingMethod } from '@switchboard/contract/two-factor';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { adminFactors, pendingSignIns, recoveryCodes } from '../../db/schema/two-factor.ts';

export type Factor = typeof adminFactors.$inferSelect;

export async function findFactor(executor: Executor, userId: string): Promise<Factor | null> {
  const [row] = await executor.select().from(adminFactors).where(eq(adminFactors.userId, userId)).limit(1);
  return row ?? null;
}

export async function lockFactor(tx: Transaction, userId: string): Promise<Factor | null> {
  const [row] = await tx
    .select()
    .from(adminFactors)
    .where(eq(adminFactors.userId, userId))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** A new, unconfirmed authenticator; it replaces an earlier unconfirmed one, never a confirmed one. */
export async function saveUnconfirmedFactor(
  executor: Executor,
  userId: string,
  sealedSecret: string,
): Promise<boolean> {
  const rows = await executor
    .insert(adminFactors)
    .values({ userId, sealedSecret })
    .onConflictDoUpdate({
      target: adminFactors.userId,
      set: { sealedSecret, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(adminFactors.confirmedAt),
    })
    .returning({ userId: adminFactors.userId });
  return rows.length > 0;
}

export async function confirmFactor(executor: Executor, userId: string, step: number): Promise<void> {
  await executor
    .update(adminFactors)
    .set({ confirmedAt: sql`now()`, lastStep: step })
    .where(eq(adminFactors.userId, userId));
}

export async function setLastStep(executor: Executor, userId: string, step: number): Promise<void> {
  await executor.update(adminFactors).set({ lastStep: step }).where(eq(adminFactors.userId, userId));
}

/** Removes the authenticator and the recovery codes; true when there was a confirmed one. */
export async function deleteFactor(executor: Executor, userId: string): Promise<boolean> {
  await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const rows = await executor
    .delete(adminFactors)
    .where(eq(adminFactors.userId, userId))
    .returning({ confirmedAt: adminFactors.confirmedAt });
  return rows.some((r) => r.confirmedAt !== null);
}

export async function replaceRecoveryCodes(
  executor: Executor,
  userId: string,
  hashes: readonly string[],
): Promise<void> {
  await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await executor.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks one unused code used; false when no unused code has this hash. */
export async function useRecoveryCode(
  executor: Executor,
  userId: string,
  codeHash: string,
): Promise<boolean> {
  const rows = await executor
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertPendingSignIn(
  executor: Executor,
  row: {
    tokenHash: string;
    userId: string;
    method: PendingMethod;
    console: boolean;
    codeHash?: string;
    loginAttemptId?: number;
    expiresAt: Date;
  },
): Promise<void> {
  // The user's finished and expired steps go as a new one starts, so the table stays small; codes sent
  // within the per-account window stay, as the count that caps them (codesSentSince).
  await executor
    .delete(pendingSignIns)
    .where(
      and(
        eq(pendingSignIns.userId, row.userId),
        sql`(${pendingSignIns.usedAt} is not null or ${pendingSignIns.expiresAt} < now() - interval '1 hour')`,
        sql`not (${pendingSignIns.method} = 'code' and ${pendingSignIns.createdAt} > now() - make_interval(secs => ${ONE_TIME_CODE.accountWindowSeconds}))`,
      ),
    );
  await executor.insert(pendingSignIns).values(row);
}

export type PendingSignInRow = typeof pendingSignIns.$inferSelect;

export async function findPendingSignIn(
  executor: Executor,
  tokenHash: string,
): Promise<PendingSignInRow | null> {
  const [row] = await executor
    .select()
    .from(pendingSignIns)
    .where(eq(pendingSignIns.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Locked until the transaction ends: two answers to one pending sign-in are checked one after the other. */
export async function lockPendingSignIn(tx: Transaction, id: number): Promise<PendingSignInRow | null> {
  const [row] = await tx
    .select()
    .from(pendingSignIns)
    .where(eq(pendingSignIns.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function markPendingUsed(executor: Executor, id: number): Promise<void> {
  await executor.update(pendingSignIns).set({ usedAt: sql`now()` }).where(eq(pendingSignIns.id, id));
}

export async function countPendingAttempt(executor: Executor, id: number, spent: boolean): Promise<void> {
  await executor
    .update(pendingSignIns)
    .set({ attempts: sql`${pendingSignIns.attempts} + 1`, ...(spent ? { usedAt: sql`now()` } : {}) })
    .where(eq(pendingSignIns.id, id));
}

/** A new code replaces the user's earlier ones, so asking again does not multiply the guesses. */
/**
 * How many one-time codes went to the account in the last `seconds`, counted under a lock held to the
 * end of the transaction, so two requests at once cannot both pass a full count.
 */
export async function lockedCodesSentSince(
  tx: Transaction,
  userId: string,
  seconds: number,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('one-time-codes'), hashtext(${userId}))`);
  const [row] = await tx
    .select({ sent: sql<number>`count(*)::int` })
    .from(pendingSignIns)
    .where(
      and(
        eq(pendingSignIns.userId, userId),
        eq(pendingSignIns.method, 'code'),
        sql`${pendingSignIns.createdAt} > now() - make_interval(secs => ${seconds})`,
      ),
    );
  return row?.sent ?? 0;
}

export async function retireOpenCodes(executor: Executor, userId: string): Promise<void> {
  await executor
    .update(pendingSignIns)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(pendingSignIns.userId, userId),
        eq(pendingSignIns.method, 'code'),
        isNull(pendingSignIns.usedAt),
        isNotNull(pendingSignIns.codeHash),
      ),
    );
}
