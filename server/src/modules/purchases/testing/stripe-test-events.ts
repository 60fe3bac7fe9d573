import Stripe from 'stripe';

export const TEST_WEBHOOK_SECRET = 'whsec_test_switchboard_purchases';

/** A Stripe event as Stripe would deliver it, and the Stripe-Signature header its library makes for it. */
export function signedStripeEvent(
  type: string,
  object: Record<string, unknown>,
  secret = TEST_WEBHOOK_SECRET,
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
