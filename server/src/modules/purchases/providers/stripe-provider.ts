import type { CoinPackage } from '@switchboard/contract/coin-packages';
import Stripe from 'stripe';
import type { PaymentsConfig } from '../../../config.ts';
import { type PaymentProvider, type ProviderNotification, PurchaseRefused } from './payment-provider.ts';

export interface StripeProvider extends PaymentProvider {
  /** Opens a Checkout Session for one package; the webhook credits it once Stripe says it is paid. */
  startCheckout(input: {
    item: CoinPackage;
    purchaseId: number;
    userId: string;
    returnUrl: string;
  }): Promise<{ url: string; sessionId: string }>;
  /** A webhook delivery, verified against STRIPE_WEBHOOK_SECRET with Stripe's own library. */
  notification(rawBody: Buffer, signature: string | undefined): ProviderNotification;
  /** Refunds a PaymentIntent in full; Stripe's `charge.refunded` event then reverses the coins. */
  refund(paymentIntentId: string, purchaseId: number): Promise<void>;
}

type StripeSettings = NonNullable<PaymentsConfig['stripe']>;

/** The ids Checkout and the PaymentIntent carry back in their metadata. */
interface PurchaseMetadata {
  purchase_id?: string;
  user_id?: string;
  package_id?: string;
}

/**
 * Stripe: the app opens Checkout (or creates a PaymentIntent with the same metadata itself); coins are
 * credited only on the signed `checkout.session.completed` or `payment_intent.succeeded` event, keyed by
 * the PaymentIntent id, so the two events of one payment credit once. `charge.refunded` (in full) and
 * `charge.dispute.created` reverse.
 */
export function stripeProvider(settings: StripeSettings | undefined): StripeProvider {
  const secretKey = settings?.secretKey;
  const webhookSecret = settings?.webhookSecret;
  const client = secretKey
    ? new Stripe(secretKey, {
        maxNetworkRetries: 2,
        ...(settings?.api
          ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol }
          : {}),
      })
    : null;
  const api = () => {
    if (!client || !webhookSecret) throw new PurchaseRefused('providerNotConfigured', 400, 'low', 'provider');
    return client;
  };

  return {
    id: 'stripe',
    status: () => {
      const missing = [
        secretKey ? null : 'STRIPE_SECRET_KEY',
        webhookSecret ? null : 'STRIPE_WEBHOOK_SECRET',
      ].filter((name) => name !== null);
      return missing.length === 0
        ? { configured: true, detail: secretKey?.startsWith('sk_live_') ? 'Live mode' : 'Test mode' }
        : { configured: false, detail: `Set ${missing.join(' and ')}` };
    },

    async startCheckout({ item, purchaseId, userId, returnUrl }) {
      const metadata = { purchase_id: String(purchaseId), user_id: userId, package_id: String(item.id) };
      const session = await api().checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: item.currency.toLowerCase(),
                unit_amount: item.price_cents,
                product_data: { name: item.name },
              },
            },
          ],
          client_reference_id: String(purchaseId),
          metadata,
          payment_intent_data: { metadata },
          success_url: returnUrl,
          cancel_url: returnUrl,
        },
        { idempotencyKey: `purchase-${purchaseId}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { url: session.url, sessionId: session.id };
    },

    notification(rawBody, signature) {
      if (!webhookSecret) throw new PurchaseRefused('providerNotConfigured', 400, 'low');
      if (!signature) throw new PurchaseRefused('signatureMissing', 400, 'medium');
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw new PurchaseRefused('signatureInvalid', 400, 'high');
      }
      return fromEvent(event);
    },

    async refund(paymentIntentId, purchaseId) {
      await api().refunds.create(
        { payment_intent: paymentIntentId, metadata: { purchase_id: String(purchaseId) } },
        { idempotencyKey: `refund-${purchaseId}` },
      );
    },
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
const numberOf = (value: string | undefined) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

function paid(
  event: Stripe.Event,
  transactionId: string,
  metadata: PurchaseMetadata,
  amount: number,
  currency: string,
  object: Record<string, unknown>,
): ProviderNotification {
  return {
    kind: 'paid',
    purchaseId: numberOf(metadata.purchase_id),
    userId: metadata.user_id ?? null,
    packageId: numberOf(metadata.package_id),
    payment: {
      transactionId,
      priceCents: amount,
      currency: currency.toUpperCase(),
      proof: { event_id: event.id, event_type: event.type, livemode: event.livemode, ...object },
    },
  };
}

function fromEvent(event: Stripe.Event): ProviderNotification {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.payment_status !== 'paid')
        return { kind: 'ignored', reason: `payment ${session.payment_status}` };
      const paymentIntent = idOf(session.payment_intent);
      return paid(
        event,
        paymentIntent ?? session.id,
        session.metadata ?? {},
        session.amount_total ?? 0,
        session.currency ?? '',
        {
          checkout_session: session.id,
          payment_intent: paymentIntent,
          amount_total: session.amount_total,
          currency: session.currency,
          metadata: session.metadata,
        },
      );
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      if (!intent.metadata?.package_id && !intent.metadata?.purchase_id)
        return { kind: 'ignored', reason: 'a payment that is not a coin purchase' };
      return paid(event, intent.id, intent.metadata, intent.amount_received, intent.currency, {
        payment_intent: intent.id,
        amount_received: intent.amount_received,
        currency: intent.currency,
        metadata: intent.metadata,
      });
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntent = idOf(charge.payment_intent);
      if (!paymentIntent) return { kind: 'ignored', reason: 'a charge without a PaymentIntent' };
      // A partial refund leaves the coins: the operator decides, with the console's "reverse coins".
      if (!charge.refunded) return { kind: 'ignored', reason: 'a partial refund' };
      return {
        kind: 'reversed',
        transactionId: paymentIntent,
        status: 'refunded',
        proof: {
          event_id: event.id,
          event_type: event.type,
          charge: charge.id,
          amount_refunded: charge.amount_refunded,
        },
      };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const paymentIntent = idOf(dispute.payment_intent);
      if (!paymentIntent) return { kind: 'ignored', reason: 'a dispute without a PaymentIntent' };
      return {
        kind: 'reversed',
        transactionId: paymentIntent,
        status: 'disputed',
        proof: { event_id: event.id, event_type: event.type, dispute: dispute.id, reason: dispute.reason },
      };
    }
    default:
      return { kind: 'ignored', reason: `event ${event.type}` };
  }
}
