import type { PaymentProviderId, PurchaseStatus } from '@switchboard/contract/purchases';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { coinPurchases } from '../../db/schema/coins.ts';
import { recordPurchaseEvent } from './purchase-events.ts';
import { type PurchaseRecord, toPurchase } from './purchases-record.ts';

type Row = PurchaseRecord;

export { type PurchaseRecord, toPurchase };

export interface NewPurchase {
  userId: string;
  username: string;
  provider: PaymentProviderId;
  providerTransactionId: string | null;
  packageId: number;
  packageName: string;
  coins: number;
  priceCents: number;
  currency: string;
  status: PurchaseStatus;
  proof: Record<string, unknown> | null;
  failureReason?: string | null;
}

/**
 * Adds a purchase; undefined when its (provider, transaction id) is already taken, which is how a replayed
 * proof is told apart: the unique index decides, even between two requests racing with the same proof.
 */
export async function insertPurchase(tx: Executor, purchase: NewPurchase): Promise<Row | undefined> {
  const [row] = await tx
    .insert(coinPurchases)
    .values({ ...purchase, creditedAt: purchase.status === 'credited' ? sql`now()` : null })
    .onConflictDoNothing({ target: [coinPurchases.provider, coinPurchases.providerTransactionId] })
    .returning();
  if (row) await recordPurchaseEvent(tx, row);
  return row;
}

export async function findPurchase(tx: Executor, id: number, lock = false): Promise<Row | undefined> {
  const query = tx.select().from(coinPurchases).where(eq(coinPurchases.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function findByProviderTransaction(
  tx: Executor,
  provider: PaymentProviderId,
  transactionId: string,
): Promise<Row | undefined> {
  const [row] = await tx
    .select()
    .from(coinPurchases)
    .where(and(eq(coinPurchases.provider, provider), eq(coinPurchases.providerTransactionId, transactionId)))
    .for('update');
  return row;
}

/** A pending Stripe purchase becomes credited with its PaymentIntent; undefined when it no longer is pending. */
export async function creditPending(
  tx: Executor,
  id: number,
  values: {
    providerTransactionId: string;
    priceCents: number;
    currency: string;
    proof: Record<string, unknown>;
  },
): Promise<Row | undefined> {
  const [row] = await tx
    .update(coinPurchases)
    .set({ ...values, status: 'credited', creditedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(coinPurchases.id, id), eq(coinPurchases.status, 'pending')))
    .returning();
  if (row) await recordPurchaseEvent(tx, row);
  return row;
}

export async function markFailed(
  tx: Executor,
  id: number,
  values: { providerTransactionId: string | null; reason: string; proof: Record<string, unknown> | null },
): Promise<Row | undefined> {
  const [row] = await tx
    .update(coinPurchases)
    .set({
      status: 'failed',
      providerTransactionId: values.providerTransactionId,
      failureReason: values.reason,
      proof: values.proof,
      updatedAt: sql`now()`,
    })
    .where(eq(coinPurchases.id, id))
    .returning();
  if (row) await recordPurchaseEvent(tx, row);
  return row;
}

export async function markReversed(
  tx: Executor,
  id: number,
  values: { status: 'refunded' | 'disputed'; unrecoveredCoins: number; reason: string },
): Promise<Row> {
  const [row] = await tx
    .update(coinPurchases)
    .set({
      status: values.status,
      unrecoveredCoins: values.unrecoveredCoins,
      failureReason: values.reason,
      reversedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(coinPurchases.id, id))
    .returning();
  if (!row) throw new Error(`purchase ${id} vanished while it was locked`);
  await recordPurchaseEvent(tx, row);
  return row;
}
