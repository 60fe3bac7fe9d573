import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Purchase } from '@switchboard/contract/purchases';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinAccounts, coinPackages } from '../../db/schema/coins.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { expectConsistentLedger } from '../coins/testing/ledger-check.ts';
import { signedStripeEvent, TEST_WEBHOOK_SECRET } from './testing/stripe-test-events.ts';

/**
 * Stripe's API as the `stripe` package reaches it, stood in for by a loopback server: what the server asks
 * Stripe (a Checkout Session, a refund) and what it does with the answer, with no network.
 */
describe('Stripe Checkout and console refunds through Stripe', () => {
  let t: TestApp;
  let stripe: Server;
  const requests: { path: string; body: URLSearchParams }[] = [];

  beforeAll(async () => {
    stripe = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        requests.push({ path: req.url ?? '', body: new URLSearchParams(raw) });
        res.setHeader('content-type', 'application/json');
        if (req.url === '/v1/checkout/sessions')
          res.end(
            JSON.stringify({
              id: 'cs_test_local',
              object: 'checkout.session',
              url: 'https://checkout.stripe.test/cs_test_local',
            }),
          );
        else res.end(JSON.stringify({ id: 're_test_local', object: 'refund', status: 'succeeded' }));
      });
    });
    await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
    const { port } = stripe.address() as AddressInfo;
    t = await createTestApp({
      payments: {
        stripe: {
          secretKey: 'sk_test_local',
          webhookSecret: TEST_WEBHOOK_SECRET,
          api: { host: '127.0.0.1', port, protocol: 'http' },
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => stripe.close(resolve));
  });

  it('opens Checkout with a pending purchase, credits it on the signed webhook, and refunds it from the console', async () => {
    const buyer = await insertUser(t.db, { username: 'checkout_buyer' });
    const [item] = await t.db.select().from(coinPackages).where(eq(coinPackages.coins, 550));
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/v1/coins/packages/${item?.id}/buy`,
      headers: await t.appAuthHeader(buyer),
      payload: { provider: 'stripe', return_url: 'https://app.example.test/done' },
    });
    expect(bought.statusCode).toBe(201);
    const { purchase, checkout_url, transaction } = bought.json().data as {
      purchase: Purchase;
      checkout_url: string;
      transaction: null;
    };
    expect(purchase).toMatchObject({ status: 'pending', provider: 'stripe', provider_transaction_id: null });
    expect(checkout_url).toBe('https://checkout.stripe.test/cs_test_local');
    expect(transaction).toBeNull();
    const checkout = requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(checkout?.body.get('metadata[purchase_id]')).toBe(String(purchase.id));
    expect(checkout?.body.get('line_items[0][price_data][unit_amount]')).toBe('499');
    const balance = async () =>
      (await t.db.select().from(coinAccounts).where(eq(coinAccounts.userId, buyer.id)))[0]?.balance ?? 0;
    expect(await balance()).toBe(0);

    const { payload, signature } = signedStripeEvent('checkout.session.completed', {
      id: 'cs_test_local',
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: 'pi_test_local',
      amount_total: 499,
      currency: 'usd',
      metadata: { purchase_id: String(purchase.id), user_id: buyer.id, package_id: String(item?.id) },
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(paid.json().outcome).toBe('credited');
    expect(await balance()).toBe(550);

    const admin = await insertUser(t.db, { username: 'refunding_admin', isAdmin: true });
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/coins/purchases/${purchase.id}/reverse`,
      headers: await t.authHeader(admin),
      payload: { reason: 'Customer asked' },
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data).toMatchObject({
      status: 'refunded',
      provider_transaction_id: 'pi_test_local',
    });
    expect(requests.find((r) => r.path === '/v1/refunds')?.body.get('payment_intent')).toBe('pi_test_local');
    expect(await balance()).toBe(0);
    const providers = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/coins/providers',
      headers: await t.authHeader(admin),
    });
    expect(providers.body).not.toContain('sk_test_local');
    await expectConsistentLedger(t.db);
  });
});
