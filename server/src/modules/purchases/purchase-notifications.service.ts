import { type PaymentProviderId, PURCHASE_REFUSALS } from '@switchboard/contract/purchases';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { findPackage } from '../coins/coin-packages.repository.ts';
import { takeBackPurchaseCoins } from '../coins/purchase-coins.ts';
import { findUsername } from '../users/users.repository.ts';
import { type ProviderNotification, PurchaseRefused } from './providers/payment-provider.ts';
import { recordRefusal } from './purchase-refusals.ts';
import * as repo from './purchases.repository.ts';
import { creditedView } from './purchases.service.ts';

/** What became of a verified notification, answered to the provider (and seen in its dashboard). */
export type NotificationOutcome =
  | 'credited'
  | 'duplicate'
  | 'reversed'
  | 'already_reversed'
  | 'unknown_purchase'
  | 'amount_mismatch'
  | 'ignored';

/**
 * Applies a provider's verified server-to-server notification. A payment credits its purchase once (the
 * pending row Checkout opened, or a new row for a PaymentIntent the app created with the same metadata);
 * a redelivery finds it credited and changes nothing. A refund or a dispute takes the coins back.
 */
export async function applyNotification(
  db: Database,
  provider: PaymentProviderId,
  note: ProviderNotification,
  context: RequestContext,
): Promise<NotificationOutcome> {
  if (note.kind === 'ignored') return 'ignored';
  if (note.kind === 'reversed')
    return db.transaction(async (tx) => {
      const purchase = await repo.findByProviderTransaction(tx, provider, note.transactionId);
      if (!purchase) return 'unknown_purchase';
      return (await reversePurchase(
        tx,
        purchase,
        note.status,
        `${note.status === 'refunded' ? 'Refunded' : 'Disputed'} at ${provider}`,
        null,
      ))
        ? 'reversed'
        : 'already_reversed';
    });
  try {
    return await creditPaid(db, provider, note, context);
  } catch (error) {
    // The same payment announced twice at once (Checkout's and the PaymentIntent's events): one credits.
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

async function creditPaid(
  db: Database,
  provider: PaymentProviderId,
  note: Extract<ProviderNotification, { kind: 'paid' }>,
  context: RequestContext,
): Promise<NotificationOutcome> {
  const { payment } = note;
  const outcome = await db.transaction(
    async (tx): Promise<NotificationOutcome | { mismatch: repo.PurchaseRecord }> => {
      if (await repo.findByProviderTransaction(tx, provider, payment.transactionId)) return 'duplicate';
      const pending =
        note.purchaseId === null ? undefined : await repo.findPurchase(tx, note.purchaseId, true);
      if (pending && pending.provider === provider) {
        if (pending.status !== 'pending') return 'duplicate';
        if (!paidInFull(payment, pending)) {
          const failed = await repo.markFailed(tx, pending.id, {
            providerTransactionId: payment.transactionId,
            reason: PURCHASE_REFUSALS.amountMismatch,
            proof: payment.proof,
          });
          return { mismatch: failed ?? pending };
        }
        const credited = await repo.creditPending(tx, pending.id, {
          providerTransactionId: payment.transactionId,
          priceCents: payment.priceCents,
          currency: payment.currency,
          proof: payment.proof,
        });
        if (!credited) return 'duplicate';
        await creditedView(tx, credited);
        return 'credited';
      }
      // A payment the app started itself (a PaymentIntent with the buyer and package in its metadata).
      const item = note.packageId === null ? undefined : await findPackage(tx, note.packageId);
      const username = note.userId ? await findUsername(tx, note.userId) : undefined;
      if (!item || !note.userId || username === undefined) return 'unknown_purchase';
      const row = {
        userId: note.userId,
        username,
        provider,
        providerTransactionId: payment.transactionId,
        packageId: item.id,
        packageName: item.name,
        coins: item.coins,
        priceCents: payment.priceCents,
        currency: payment.currency,
        proof: payment.proof,
      };
      if (!paidInFull(payment, { priceCents: item.price_cents, currency: item.currency })) {
        const failed = await repo.insertPurchase(tx, {
          ...row,
          status: 'failed',
          failureReason: PURCHASE_REFUSALS.amountMismatch,
        });
        return failed ? { mismatch: failed } : 'duplicate';
      }
      const purchase = await repo.insertPurchase(tx, { ...row, status: 'credited' });
      if (!purchase) return 'duplicate';
      await creditedView(tx, purchase);
      return 'credited';
    },
  );
  if (typeof outcome === 'string') return outcome;
  await recordRefusal(db, new PurchaseRefused('amountMismatch', 422, 'high'), {
    provider,
    userId: outcome.mismatch.userId,
    username: outcome.mismatch.username,
    packageId: outcome.mismatch.packageId,
    context,
  });
  return 'amount_mismatch';
}

const paidInFull = (
  payment: { priceCents: number; currency: string },
  due: { priceCents: number; currency: string },
) => payment.priceCents === due.priceCents && payment.currency.toUpperCase() === due.currency.toUpperCase();

/**
 * Takes a credited purchase's coins back and marks it refunded or disputed; false when its coins were
 * already taken back (a refund after a dispute only changes the status).
 */
export async function reversePurchase(
  tx: Executor,
  purchase: repo.PurchaseRecord,
  status: 'refunded' | 'disputed',
  reason: string,
  createdBy: string | null,
): Promise<boolean> {
  const locked = (await repo.findPurchase(tx, purchase.id, true)) ?? purchase;
  if (locked.status !== 'credited') {
    if (locked.status === 'disputed' && status === 'refunded')
      await repo.markReversed(tx, locked.id, { status, unrecoveredCoins: locked.unrecoveredCoins, reason });
    return false;
  }
  const { unrecovered } = locked.userId
    ? await takeBackPurchaseCoins(tx, {
        purchaseId: locked.id,
        userId: locked.userId,
        description: `${reason}: purchase #${locked.id} (${locked.packageName})`,
        createdBy,
      })
    : { unrecovered: locked.coins };
  await repo.markReversed(tx, locked.id, { status, unrecoveredCoins: unrecovered, reason });
  return true;
}
