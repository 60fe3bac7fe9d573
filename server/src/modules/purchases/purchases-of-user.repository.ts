import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { coinPurchases } from '../../db/schema/coins.ts';

/** A user's purchases for their data export, by id after `afterId`, proof included (it holds no card data). */
export async function userPurchasesBatch(db: Executor, userId: string, afterId: number, batch: number) {
  return db
    .select()
    .from(coinPurchases)
    .where(and(eq(coinPurchases.userId, userId), gt(coinPurchases.id, afterId)))
    .orderBy(asc(coinPurchases.id))
    .limit(batch);
}
