import type { Executor } from '../../db/client.ts';
import { enqueueWebhookEvent } from '../webhook-outbox/webhook-outbox.ts';
import type { CoinTransaction } from './coins.repository.ts';

/**
 * Tells webhook endpoints about a ledger entry that adds coins (`coins.credited`) or undoes an earlier
 * entry (`coins.reversed`), in the entry's transaction. Spending on calls is told by `call.ended`.
 */
export async function recordCoinEvent(
  tx: Executor,
  entry: CoinTransaction,
  input: { reversesId?: number },
): Promise<void> {
  const reversal = input.reversesId !== undefined;
  if (!reversal && entry.amount <= 0) return;
  await enqueueWebhookEvent(tx, {
    type: reversal ? 'coins.reversed' : 'coins.credited',
    data: {
      transaction_id: entry.id,
      user_id: entry.userId,
      username: entry.username,
      amount: entry.amount,
      type: entry.transactionType,
      balance_after: entry.balanceAfter,
      reference_type: entry.referenceType,
      reference_id: entry.referenceId,
      reverses_id: entry.reversesId,
    },
    orderingKey: `coins:${entry.userId}`,
  });
}
