import { COIN_PACKAGE_MESSAGES, type CoinPackage } from '@switchboard/contract/coin-packages';
import {
  type BuyPackageRequest,
  type BuyPackageResponse,
  type PaymentProviderId,
  PROVIDER_LABELS,
} from '@switchboard/contract/purchases';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { conflict, HttpError, notFound } from '../../http/http-error.ts';
import { findPackage } from '../coins/coin-packages.repository.ts';
import { findTransactionView } from '../coins/coins-list.repository.ts';
import { creditPurchaseCoins } from '../coins/purchase-coins.ts';
import { PurchaseRefused, type VerifiedPayment } from './providers/payment-provider.ts';
import type { PaymentProviders } from './providers/payment-providers.ts';
import { recordRefusal } from './purchase-refusals.ts';
import * as repo from './purchases.repository.ts';

type BuyRequest = z.output<typeof BuyPackageRequest>;
type BuyResult = BuyPackageResponse['data'];

export const creditDescription = (packageName: string, provider: PaymentProviderId) =>
  `Bought ${packageName} (${PROVIDER_LABELS[provider]})`;

/**
 * An app buys a package. The proof is verified first (outside any transaction: a store's check may take
 * a while); then, in one transaction, the purchase row takes its (provider, transaction id), which a
 * replay finds taken, and the ledger credits the coins linked to it. A refusal of any kind answers 4xx,
 * records a security event and credits nothing.
 */
export async function buyPackage(
  db: Database,
  providers: PaymentProviders,
  buyer: { id: string; username: string },
  packageId: number,
  request: BuyRequest,
  context: { ip: string; userAgent: string | null; origin: string },
): Promise<BuyResult> {
  const item = await findPackage(db, packageId);
  if (!item) throw notFound(COIN_PACKAGE_MESSAGES.notFound);
  if (!item.is_active) throw conflict(COIN_PACKAGE_MESSAGES.unavailable);
  try {
    if (request.provider === 'stripe')
      return await startStripeCheckout(
        db,
        providers,
        buyer,
        item,
        request.return_url ?? `${context.origin}/app`,
      );
    const payment = await providers[request.provider].verifyPurchase(item, request, buyer.id);
    return await creditVerified(db, request.provider, buyer, item, payment);
  } catch (error) {
    if (error instanceof PurchaseRefused)
      await recordRefusal(db, error, {
        provider: request.provider,
        userId: buyer.id,
        username: buyer.username,
        packageId,
        context,
      });
    throw error;
  }
}

async function creditVerified(
  db: Database,
  provider: PaymentProviderId,
  buyer: { id: string; username: string },
  item: CoinPackage,
  payment: VerifiedPayment,
): Promise<BuyResult> {
  return db.transaction(async (tx) => {
    const purchase = await repo.insertPurchase(tx, {
      userId: buyer.id,
      username: buyer.username,
      provider,
      providerTransactionId: payment.transactionId,
      packageId: item.id,
      packageName: item.name,
      coins: item.coins,
      priceCents: payment.priceCents,
      currency: payment.currency,
      status: 'credited',
      proof: payment.proof,
    });
    if (!purchase) throw new PurchaseRefused('replayed', 409, 'medium');
    const transaction = await creditedView(tx, purchase);
    return { purchase: repo.toPurchase(purchase), transaction, checkout_url: null };
  });
}

/** Credits a purchase row's coins and answers the ledger entry as the console shows it. */
export async function creditedView(tx: Executor, purchase: repo.PurchaseRecord) {
  if (!purchase.userId) throw new Error(`purchase ${purchase.id} has no buyer`);
  const entry = await creditPurchaseCoins(tx, {
    id: purchase.id,
    userId: purchase.userId,
    coins: purchase.coins,
    description: creditDescription(purchase.packageName, purchase.provider),
  });
  const view = await findTransactionView(tx, entry.id);
  if (!view) throw new Error(`ledger entry ${entry.id} vanished inside its own transaction`);
  return view;
}

/** A pending purchase and Stripe Checkout's page: nothing is credited until Stripe's signed webhook. */
async function startStripeCheckout(
  db: Database,
  providers: PaymentProviders,
  buyer: { id: string; username: string },
  item: CoinPackage,
  returnUrl: string,
): Promise<BuyResult> {
  if (!providers.stripe.status().configured)
    throw new PurchaseRefused('providerNotConfigured', 400, 'low', 'provider');
  const pending = await repo.insertPurchase(db, {
    userId: buyer.id,
    username: buyer.username,
    provider: 'stripe',
    providerTransactionId: null,
    packageId: item.id,
    packageName: item.name,
    coins: item.coins,
    priceCents: item.price_cents,
    currency: item.currency,
    status: 'pending',
    proof: null,
  });
  if (!pending) throw new Error('a pending purchase cannot conflict');
  try {
    const checkout = await providers.stripe.startCheckout({
      item,
      purchaseId: pending.id,
      userId: buyer.id,
      returnUrl,
    });
    return { purchase: repo.toPurchase(pending), transaction: null, checkout_url: checkout.url };
  } catch {
    await repo.markFailed(db, pending.id, {
      providerTransactionId: null,
      reason: 'Stripe could not start the checkout',
      proof: null,
    });
    throw new HttpError(502, 'Stripe could not start the checkout; try again in a moment');
  }
}
