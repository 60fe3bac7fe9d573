import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { coinAccounts, coinTransactions } from '../../db/schema/coins.ts';
import { findUsername } from '../users/users.repository.ts';

export type CoinTransaction = typeof coinTransactions.$inferSelect;
export type NewCoinTransaction = typeof coinTransactions.$inferInsert;

export interface LockedAccount {
  userId: string;
  username: string;
  balance: number;
}

/**
 * Creates the user's account if it is missing, then locks it until the transaction ends: every
 * ledger write for one user goes through this row, so their entries are appended one at a time.
 */
export async function lockAccount(tx: Executor, userId: string): Promise<LockedAccount | undefined> {
  const username = await findUsername(tx, userId);
  if (username === undefined) return undefined;
  await tx.insert(coinAccounts).values({ userId }).onConflictDoNothing();
  const [account] = await tx
    .select({ balance: coinAccounts.balance })
    .from(coinAccounts)
    .where(eq(coinAccounts.userId, userId))
    .for('update');
  return account && { userId, username, balance: account.balance };
}

export async function findByIdempotencyKey(
  tx: Executor,
  userId: string,
  key: string,
): Promise<CoinTransaction | undefined> {
  const [row] = await tx
    .select()
    .from(coinTransactions)
    .where(and(eq(coinTransactions.userId, userId), eq(coinTransactions.idempotencyKey, key)));
  return row;
}

export async function findTransaction(tx: Executor, id: number): Promise<CoinTransaction | undefined> {
  const [row] = await tx.select().from(coinTransactions).where(eq(coinTransactions.id, id));
  return row;
}

export async function findReversalOf(tx: Executor, id: number): Promise<CoinTransaction | undefined> {
  const [row] = await tx.select().from(coinTransactions).where(eq(coinTransactions.reversesId, id));
  return row;
}

/** The entry that credited a purchase (not a reversal, not a take-back). */
export async function findPurchaseCredit(
  tx: Executor,
  purchaseId: number,
): Promise<CoinTransaction | undefined> {
  const [row] = await tx
    .select()
    .from(coinTransactions)
    .where(
      and(
        eq(coinTransactions.purchaseId, purchaseId),
        isNull(coinTransactions.reversesId),
        gt(coinTransactions.amount, 0),
      ),
    )
    .limit(1);
  return row;
}

export async function insertEntry(tx: Executor, entry: NewCoinTransaction): Promise<CoinTransaction> {
  const [row] = await tx.insert(coinTransactions).values(entry).returning();
  if (!row) throw new Error('ledger insert returned no row');
  return row;
}

/** Credits count toward total_earned and debits toward total_spent, so both equal sums over the ledger. */
export async function addToAccount(tx: Executor, userId: string, amount: number): Promise<void> {
  await tx
    .update(coinAccounts)
    .set({
      balance: sql`${coinAccounts.balance} + ${amount}`,
      totalEarned: sql`${coinAccounts.totalEarned} + ${Math.max(amount, 0)}`,
      totalSpent: sql`${coinAccounts.totalSpent} + ${Math.max(-amount, 0)}`,
      updatedAt: sql`now()`,
    })
    .where(eq(coinAccounts.userId, userId));
}

/** Sets every account from the ledger in one pass (the demo seed writes the ledger in bulk first). */
export async function rebuildAccountsFromLedger(tx: Executor): Promise<void> {
  await tx.execute(sql`
    insert into ${coinAccounts} (user_id, balance, total_earned, total_spent)
    select user_id, sum(amount), sum(greatest(amount, 0)), -sum(least(amount, 0))
    from ${coinTransactions} where user_id is not null group by user_id
    on conflict (user_id) do update set
      balance = excluded.balance, total_earned = excluded.total_earned,
      total_spent = excluded.total_spent, updated_at = now()`);
}

export async function findAccount(
  db: Executor,
  userId: string,
): Promise<{ balance: number; totalEarned: number; totalSpent: number } | undefined> {
  const [row] = await db
    .select({
      balance: coinAccounts.balance,
      totalEarned: coinAccounts.totalEarned,
      totalSpent: coinAccounts.totalSpent,
    })
    .from(coinAccounts)
    .where(eq(coinAccounts.userId, userId));
  return row;
}

/** A user's coin balance as a scalar subquery (null while they have no account). */
export const coinBalanceOfSql = (userId: SQL) =>
  sql`(select a.balance from coin_accounts a where a.user_id = ${userId})`;
