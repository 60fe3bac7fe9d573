import { Readable } from 'node:stream';
import {
  type ListPurchasesQuery,
  PAYMENT_PROVIDERS,
  PROVIDER_LABELS,
  PURCHASE_MESSAGES,
  PURCHASES_EXPORT_COLUMNS,
  type Purchase,
} from '@switchboard/contract/purchases';
import type { Database } from '../../db/client.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { csvCell } from '../../http/csv-cell.ts';
import { conflict, HttpError, notFound } from '../../http/http-error.ts';
import { pageEnvelope } from '../../http/page-envelope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { PaymentProviders } from './providers/payment-providers.ts';
import { reversePurchase } from './purchase-notifications.service.ts';
import * as repo from './purchases.repository.ts';
import {
  listPurchases,
  type PurchaseFilter,
  purchasesBatch,
  revenueByDay,
} from './purchases-list.repository.ts';

export async function purchasesPage(db: Database, query: ListPurchasesQuery) {
  const page = await listPurchases(db, query);
  return {
    purchases: page.rows,
    ...pageEnvelope('limit', query, {
      total: page.total,
      totalCapped: page.totalCapped,
      nextCursor: page.nextCursor,
    }),
  };
}

const BATCH = 1000;
const line = (row: Purchase) => `${PURCHASES_EXPORT_COLUMNS.map((c) => csvCell(row[c])).join(',')}\r\n`;

/** The filtered purchases as CSV, read in keyset batches as the reader pulls. */
export async function purchasesCsv(db: Database, filter: PurchaseFilter): Promise<Readable> {
  const first = await purchasesBatch(db, filter, undefined, BATCH);
  async function* lines() {
    yield `${PURCHASES_EXPORT_COLUMNS.join(',')}\r\n`;
    let { rows, last } = first;
    for (;;) {
      if (rows.length > 0) yield rows.map((r) => line(repo.toPurchase(r))).join('');
      if (rows.length < BATCH || !last) return;
      ({ rows, last } = await purchasesBatch(db, filter, last, BATCH));
    }
  }
  return Readable.from(lines());
}

export function providersStatus(providers: PaymentProviders) {
  return {
    providers: PAYMENT_PROVIDERS.map((id) => ({
      provider: id,
      label: PROVIDER_LABELS[id],
      ...providers[id].status(),
    })),
  };
}

export async function revenue(db: Database, days: number) {
  return { days: await revenueByDay(db, days) };
}

/**
 * The console's refund. A Stripe purchase, while Stripe is configured, is refunded through Stripe's API
 * first (the money goes back); any other purchase only has its coins reversed (an App Store refund is
 * Apple's to make; the demo one has no money). Either way the coins come back through the ledger, the
 * purchase says refunded, and the audit log names the admin and the reason.
 */
export async function reversePurchaseByAdmin(
  db: Database,
  providers: PaymentProviders,
  actor: AdminPrincipal,
  id: number,
  reason: string,
  context: RequestContext,
): Promise<Purchase> {
  const found = await repo.findPurchase(db, id);
  if (!found) throw notFound(PURCHASE_MESSAGES.notFound);
  if (found.status !== 'credited') throw conflict(PURCHASE_MESSAGES.notReversible);
  const throughStripe =
    found.provider === 'stripe' &&
    found.providerTransactionId !== null &&
    providers.stripe.status().configured;
  if (throughStripe && found.providerTransactionId) {
    try {
      await providers.stripe.refund(found.providerTransactionId, found.id);
    } catch {
      throw new HttpError(
        502,
        'Stripe could not refund this payment; nothing was changed. Try again in a moment',
      );
    }
  }
  return db.transaction(async (tx) => {
    const locked = await repo.findPurchase(tx, id, true);
    if (!locked) throw notFound(PURCHASE_MESSAGES.notFound);
    // A refund Stripe's webhook already applied leaves nothing to reverse: the answer is the purchase as it is.
    if (locked.status === 'credited')
      await reversePurchase(
        tx,
        locked,
        'refunded',
        `${throughStripe ? 'Refunded through Stripe' : 'Coins reversed'} by ${actor.username}: ${reason}`,
        actor.id,
      );
    const after = await repo.findPurchase(tx, id);
    if (!after) throw notFound(PURCHASE_MESSAGES.notFound);
    await recordAudit(tx, {
      actor,
      action: throughStripe ? 'coins.purchase_refund' : 'coins.purchase_reverse',
      targetType: 'coin_purchase',
      targetId: String(id),
      before: repo.toPurchase(locked),
      after: { ...repo.toPurchase(after), reason },
      context,
    });
    return repo.toPurchase(after);
  });
}
