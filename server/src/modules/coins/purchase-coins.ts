import type { Executor } from '../../db/client.ts';
import { applyCoinEntry, reverseTransaction } from './coin-ledger.ts';
import * as repo from './coins.repository.ts';

/**
 * The ledger's side of paid coins: a purchase credits its coins as one 'earn' entry that links to it, and
 * a refund or a dispute takes them back. The idempotency key `purchase:<id>` makes a second credit of one
 * purchase impossible even if a caller tried (the unique (provider, transaction id) already stops it).
 */
export async function creditPurchaseCoins(
  tx: Executor,
  purchase: { id: number; userId: string; coins: number; description: string },
): Promise<repo.CoinTransaction> {
  const { entry } = await applyCoinEntry(tx, {
    userId: purchase.userId,
    amount: purchase.coins,
    type: 'earn',
    description: purchase.description,
    referenceId: String(purchase.id),
    referenceType: 'coin_purchase',
    idempotencyKey: `purchase:${purchase.id}`,
    purchaseId: purchase.id,
    createdBy: null,
  });
  return entry;
}

/**
 * Takes a purchase's coins back. While the buyer still holds them, the credit is reversed (a
 * compensating entry that points at it). Coins already spent on calls cannot be unspent, and a balance
 * never goes below zero: what is left is taken with a 'penalty' entry, and the rest is returned as
 * `unrecovered`, which the purchase records as the buyer's debt (shown in the console; nothing collects
 * it automatically).
 */
export async function takeBackPurchaseCoins(
  tx: Executor,
  input: { purchaseId: number; userId: string; description: string; createdBy: string | null },
): Promise<{ taken: number; unrecovered: number }> {
  const credit = await repo.findPurchaseCredit(tx, input.purchaseId);
  if (!credit) return { taken: 0, unrecovered: 0 };
  const account = await repo.lockAccount(tx, input.userId);
  const balance = account?.balance ?? 0;
  if (balance >= credit.amount) {
    await reverseTransaction(tx, {
      transactionId: credit.id,
      description: input.description,
      createdBy: input.createdBy,
    });
    return { taken: credit.amount, unrecovered: 0 };
  }
  if (balance > 0)
    await applyCoinEntry(tx, {
      userId: input.userId,
      amount: -balance,
      type: 'penalty',
      description: `${input.description} (${credit.amount - balance} coins already spent)`,
      referenceId: String(input.purchaseId),
      referenceType: 'coin_purchase',
      purchaseId: input.purchaseId,
      createdBy: input.createdBy,
    });
  return { taken: balance, unrecovered: credit.amount - balance };
}
