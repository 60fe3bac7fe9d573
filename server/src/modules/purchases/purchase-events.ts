import type { PurchaseStatus } from '@switchboard/contract/purchases';
import type { WebhookEventType } from '@switchboard/contract/webhooks';
import type { Executor } from '../../db/client.ts';
import { enqueueWebhookEvent } from '../webhook-outbox/webhook-outbox.ts';
import { type PurchaseRecord, toPurchase } from './purchases-record.ts';

const EVENT_OF_STATUS: Record<PurchaseStatus, WebhookEventType | null> = {
  pending: null,
  credited: 'purchase.credited',
  failed: 'purchase.failed',
  refunded: 'purchase.refunded',
  disputed: 'purchase.disputed',
};

/**
 * Tells webhook endpoints a purchase reached a status, in the transaction that wrote it; its events are
 * ordered per purchase. The proof stays out: receivers get the record the Purchases view shows.
 */
export async function recordPurchaseEvent(tx: Executor, row: PurchaseRecord): Promise<void> {
  const type = EVENT_OF_STATUS[row.status];
  if (!type) return;
  await enqueueWebhookEvent(tx, { type, data: toPurchase(row), orderingKey: `purchase:${row.id}` });
}
