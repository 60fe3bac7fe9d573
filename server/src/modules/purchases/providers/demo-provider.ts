import { randomUUID } from 'node:crypto';
import type { InAppProvider } from './payment-provider.ts';
import { PurchaseRefused } from './payment-provider.ts';

/**
 * The demo provider: no payment at all, so it exists only while the server runs with demo data, and
 * the console and the softphone name it "Demo (no payment)". Each purchase is a transaction of its own.
 */
export function demoProvider(demoData: boolean): InAppProvider {
  return {
    id: 'demo',
    status: () => ({
      configured: demoData,
      detail: demoData ? 'On while demo data is on: coins are credited without payment' : 'Off: no demo data',
    }),
    async verifyPurchase(item) {
      if (!demoData) throw new PurchaseRefused('demoOff', 403, 'medium', 'provider');
      const transactionId = `demo_${randomUUID()}`;
      return {
        transactionId,
        priceCents: item.price_cents,
        currency: item.currency,
        proof: { demo: true, transaction_id: transactionId, package_id: item.id },
      };
    },
  };
}
