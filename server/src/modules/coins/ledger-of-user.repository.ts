import { and, asc, eq, getTableColumns, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { coinAccounts, coinTransactions } from '../../db/schema/coins.ts';

/** The export: a batch of the user's ledger entries, oldest first by id. */
export async function ledgerBatch(db: Executor, userId: string, afterId: number, batch: number) {
  const { idempotencyKey: _, ...columns } = getTableColumns(coinTransactions);
  return db
    .select(columns)
    .from(coinTransactions)
    .where(and(eq(coinTransactions.userId, userId), gt(coinTransactions.id, afterId)))
    .orderBy(asc(coinTransactions.id))
    .limit(batch);
}

export async function coinAccountOf(db: Executor, userId: string) {
  const [row] = await db.select().from(coinAccounts).where(eq(coinAccounts.userId, userId));
  return row ?? null;
}
