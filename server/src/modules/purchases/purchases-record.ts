import type { Purchase } from '@switchboard/contract/purchases';
import type { coinPurchases } from '../../db/schema/coins.ts';

export type PurchaseRecord = typeof coinPurchases.$inferSelect;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** A purchase as the console and webhook receivers see it: never its proof. */
export const toPurchase = (r: PurchaseRecord): Purchase => ({
  id: r.id,
  user_id: r.userId,
  username: r.username,
  provider: r.provider,
  provider_transaction_id: r.providerTransactionId,
  package_id: r.packageId,
  package_name: r.packageName,
  coins: r.coins,
  price_cents: r.priceCents,
  currency: r.currency,
  status: r.status,
  unrecovered_coins: r.unrecoveredCoins,
  failure_reason: r.failureReason,
  created_at: r.createdAt.toISOString(),
  credited_at: iso(r.creditedAt),
  reversed_at: iso(r.reversedAt),
});
