import { PURCHASE_MESSAGES, PURCHASE_REFUSALS, type Purchase } from '@switchboard/contract/purchases';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinAccounts, coinPackages, coinTransactions } from '../../db/schema/coins.ts';
import { securityEvents } from '../../db/schema/security.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';
import { auditRows } from '../../testing/audit-rows.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { expectConsistentLedger } from '../coins/testing/ledger-check.ts';
import { type AppleTestSigner, appleTestSigner } from './testing/apple-test-signer.ts';
import { signedStripeEvent, TEST_WEBHOOK_SECRET } from './testing/stripe-test-events.ts';

const BUNDLE = 'com.example.switchboard';
const PRODUCT = 'coins.starter';

describe('coins that are paid for', () => {
  let t: TestApp;
  let apple: AppleTestSigner;
  let starterId: number;
  let calls = 0;
  const api = (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: Record<string, unknown> | string,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      remoteAddress: `10.9.0.${++calls % 250}`,
      ...(payload === undefined ? {} : { payload }),
    });
  const balanceOf = async (userId: string) =>
    (await t.db.select().from(coinAccounts).where(eq(coinAccounts.userId, userId)))[0]?.balance ?? 0;
  const purchaseEvents = async () =>
    (await t.db.select().from(securityEvents)).filter((e) =>
      e.description.startsWith('Coin purchase refused'),
    );
  const appleTransaction = (fields: Record<string, unknown> = {}) =>
    apple.signTransaction({
      transactionId: `2000000${Math.floor(Math.random() * 1e9)}`,
      originalTransactionId: '2000000000000001',
      bundleId: BUNDLE,
      productId: PRODUCT,
      type: 'Consumable',
      environment: 'Sandbox',
      quantity: 1,
      price: 990,
      currency: 'USD',
      purchaseDate: Date.now(),
      inAppOwnershipType: 'PURCHASED',
      ...fields,
    });
  const stripeWebhook = (type: string, object: Record<string, unknown>, secret?: string) => {
    const { payload, signature } = signedStripeEvent(type, object, secret);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  };

  beforeAll(async () => {
    apple = await appleTestSigner();
    t = await createTestApp({
      demoData: true,
      payments: {
        stripe: { secretKey: 'sk_test_unused_here', webhookSecret: TEST_WEBHOOK_SECRET },
        apple: {
          bundleId: BUNDLE,
          rootCertificates: [apple.root],
          environment: 'Sandbox',
          appAppleId: undefined,
          onlineChecks: false,
        },
      },
    });
    const [starter] = await t.db.select().from(coinPackages).where(eq(coinPackages.coins, 100));
    if (!starter) throw new Error('the starter package is seeded by the migrations');
    starterId = starter.id;
    await t.db.update(coinPackages).set({ storeProductId: PRODUCT }).where(eq(coinPackages.id, starterId));
  });
  afterAll(() => t.close());

  it('refuses a purchase that names no provider: 400 naming the field, and nothing credited', async () => {
    const buyer = await insertUser(t.db, { username: 'no_provider' });
    const auth = await t.appAuthHeader(buyer);
    const bare = await api('POST', `/coins/packages/${starterId}/buy`, auth, {});
    expect(bare.statusCode).toBe(400);
    expect(JSON.stringify(bare.json())).toContain('provider');
    const appleWithout = await api('POST', `/coins/packages/${starterId}/buy`, auth, { provider: 'apple' });
    expect(appleWithout.statusCode).toBe(400);
    expect(JSON.stringify(appleWithout.json())).toContain('signed_transaction');
    expect(await balanceOf(buyer.id)).toBe(0);
  });

  it('credits the demo provider once per purchase while demo data is on, linked to its purchase', async () => {
    const buyer = await insertUser(t.db, { username: 'demo_buyer' });
    const bought = await api('POST', `/coins/packages/${starterId}/buy`, await t.appAuthHeader(buyer), {
      provider: 'demo',
    });
    expect(bought.statusCode).toBe(201);
    const { purchase, transaction } = bought.json().data as {
      purchase: Purchase;
      transaction: { amount: number };
    };
    expect(purchase).toMatchObject({ provider: 'demo', status: 'credited', coins: 100, price_cents: 99 });
    expect(transaction.amount).toBe(100);
    expect(await balanceOf(buyer.id)).toBe(100);
    const [entry] = await t.db.select().from(coinTransactions).where(eq(coinTransactions.userId, buyer.id));
    expect(entry?.purchaseId).toBe(purchase.id);
  });

  it('credits a signed App Store transaction once: a replay, a forgery, another product or app are refused', async () => {
    const buyer = await insertUser(t.db, { username: 'apple_buyer' });
    const auth = await t.appAuthHeader(buyer);
    const eventsBefore = (await purchaseEvents()).length;
    const jws = await appleTransaction({ appAccountToken: buyer.id });
    const buy = (signed_transaction: string) =>
      api('POST', `/coins/packages/${starterId}/buy`, auth, { provider: 'apple', signed_transaction });

    const first = await buy(jws);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.purchase).toMatchObject({
      provider: 'apple',
      status: 'credited',
      price_cents: 99,
    });
    expect(await balanceOf(buyer.id)).toBe(100);

    const replay = await buy(jws);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(PURCHASE_REFUSALS.replayed);

    const stranger = await appleTestSigner('Forger');
    const forged = await stranger.signTransaction({
      transactionId: '2000000999',
      bundleId: BUNDLE,
      productId: PRODUCT,
      type: 'Consumable',
      environment: 'Sandbox',
    });
    expect((await buy(forged)).json().message).toBe(PURCHASE_REFUSALS.proofInvalid);
    const tampered = `${jws.split('.')[0]}.${Buffer.from(JSON.stringify({ transactionId: '1', bundleId: BUNDLE })).toString('base64url')}.${jws.split('.')[2]}`;
    expect((await buy(tampered)).statusCode).toBe(422);
    const otherProduct = await buy(await appleTransaction({ productId: 'coins.mega' }));
    expect(otherProduct.statusCode).toBe(422);
    expect(otherProduct.json().message).toBe(PURCHASE_REFUSALS.productMismatch);
    expect((await buy(await appleTransaction({ bundleId: 'com.other.app' }))).json().message).toBe(
      PURCHASE_REFUSALS.proofWrongApp,
    );
    const someoneElses = await buy(await appleTransaction({ appAccountToken: crypto.randomUUID() }));
    expect(someoneElses.json().message).toBe(PURCHASE_REFUSALS.accountMismatch);

    expect(await balanceOf(buyer.id)).toBe(100);
    const events = (await purchaseEvents()).slice(eventsBefore);
    expect(events.map((e) => (e.details as { reason: string }).reason).sort()).toEqual(
      [
        'accountMismatch',
        'productMismatch',
        'proofInvalid',
        'proofInvalid',
        'proofWrongApp',
        'replayed',
      ].sort(),
    );
    await expectConsistentLedger(t.db);
  });

  it('reverses an App Store purchase on a signed REFUND notification, once', async () => {
    const buyer = await insertUser(t.db, { username: 'apple_refunded' });
    const transactionId = '2000000777';
    const jws = await appleTransaction({ transactionId });
    const bought = await api('POST', `/coins/packages/${starterId}/buy`, await t.appAuthHeader(buyer), {
      provider: 'apple',
      signed_transaction: jws,
    });
    expect(bought.statusCode).toBe(201);
    const notify = async (notificationType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/apple/notifications',
        payload: {
          signedPayload: await apple.signNotification({
            notificationType,
            data: {
              bundleId: BUNDLE,
              environment: 'Sandbox',
              signedTransactionInfo: await appleTransaction({ transactionId, revocationDate: Date.now() }),
            },
          }),
        },
      });
    const refund = await notify('REFUND');
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toEqual({ received: true, outcome: 'reversed' });
    expect(await balanceOf(buyer.id)).toBe(0);
    expect((await notify('REFUND')).json().outcome).toBe('already_reversed');
    expect(await balanceOf(buyer.id)).toBe(0);

    const forged = await (await appleTestSigner('Forger')).signNotification({
      notificationType: 'REFUND',
      data: { bundleId: BUNDLE, environment: 'Sandbox', signedTransactionInfo: jws },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/apple/notifications',
      payload: { signedPayload: forged },
    });
    expect(refused.statusCode).toBe(401);
    await expectConsistentLedger(t.db);
  });

  it('credits a signed Stripe payment once, and a signed refund reverses it', async () => {
    const buyer = await insertUser(t.db, { username: 'stripe_buyer' });
    const paymentIntent = 'pi_test_credit_once';
    const metadata = { user_id: buyer.id, package_id: String(starterId) };
    const session = {
      id: 'cs_test_1',
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: paymentIntent,
      amount_total: 99,
      currency: 'usd',
      metadata,
    };
    const completed = await stripeWebhook('checkout.session.completed', session);
    expect(completed.statusCode).toBe(200);
    expect(completed.json().outcome).toBe('credited');
    expect(await balanceOf(buyer.id)).toBe(100);

    // Stripe redelivers, and the PaymentIntent's own event names the same payment.
    expect((await stripeWebhook('checkout.session.completed', session)).json().outcome).toBe('duplicate');
    const intent = {
      id: paymentIntent,
      object: 'payment_intent',
      amount_received: 99,
      currency: 'usd',
      metadata,
    };
    expect((await stripeWebhook('payment_intent.succeeded', intent)).json().outcome).toBe('duplicate');
    expect(await balanceOf(buyer.id)).toBe(100);

    const forged = await stripeWebhook(
      'checkout.session.completed',
      { ...session, payment_intent: 'pi_forged' },
      'whsec_not_ours',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(PURCHASE_REFUSALS.signatureInvalid);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: signedStripeEvent('checkout.session.completed', session).payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toBe(PURCHASE_REFUSALS.signatureMissing);

    const underpaid = await stripeWebhook('payment_intent.succeeded', {
      ...intent,
      id: 'pi_test_underpaid',
      amount_received: 1,
    });
    expect(underpaid.json().outcome).toBe('amount_mismatch');
    expect(await balanceOf(buyer.id)).toBe(100);

    const charge = {
      id: 'ch_1',
      object: 'charge',
      payment_intent: paymentIntent,
      refunded: true,
      amount_refunded: 99,
    };
    const refunded = await stripeWebhook('charge.refunded', charge);
    expect(refunded.json().outcome).toBe('reversed');
    expect(await balanceOf(buyer.id)).toBe(0);
    expect((await stripeWebhook('charge.refunded', charge)).json().outcome).toBe('already_reversed');
    await expectConsistentLedger(t.db);
  });

  it('tells a subscribed webhook endpoint each status a purchase reaches, without its proof', async () => {
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({
        url: 'https://receiver.example.test/hooks',
        events: ['purchase.credited', 'purchase.failed', 'purchase.refunded', 'purchase.disputed'],
        secret: 'whsec_dGVzdA==',
      })
      .returning();
    if (!endpoint) throw new Error('no endpoint');
    const buyer = await insertUser(t.db, { username: 'hooked_buyer' });
    const metadata = { user_id: buyer.id, package_id: String(starterId) };
    const intent = { object: 'payment_intent', amount_received: 99, currency: 'usd', metadata };
    await stripeWebhook('payment_intent.succeeded', { ...intent, id: 'pi_hooked' });
    await stripeWebhook('payment_intent.succeeded', { ...intent, id: 'pi_hooked_short', amount_received: 5 });
    await stripeWebhook('charge.refunded', {
      id: 'ch_hooked',
      object: 'charge',
      payment_intent: 'pi_hooked',
      refunded: true,
      amount_refunded: 99,
    });

    const sent = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id))
      .orderBy(webhookDeliveries.id);
    const bodies = sent.map((d) => d.body as { type: string; data: Record<string, unknown> });
    expect(bodies.map((b) => [b.type, b.data.provider_transaction_id, b.data.status])).toEqual([
      ['purchase.credited', 'pi_hooked', 'credited'],
      ['purchase.failed', 'pi_hooked_short', 'failed'],
      ['purchase.refunded', 'pi_hooked', 'refunded'],
    ]);
    expect(bodies.every((b) => b.data.username === 'hooked_buyer' && !('proof' in b.data))).toBe(true);
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
  });

  it('a dispute after the coins were spent takes what is left and records the rest as a debt', async () => {
    const buyer = await insertUser(t.db, { username: 'stripe_spender' });
    const paymentIntent = 'pi_test_spent';
    await stripeWebhook('payment_intent.succeeded', {
      id: paymentIntent,
      object: 'payment_intent',
      amount_received: 99,
      currency: 'usd',
      metadata: { user_id: buyer.id, package_id: String(starterId) },
    });
    expect(await balanceOf(buyer.id)).toBe(100);
    const { applyCoinEntry } = await import('../coins/coin-ledger.ts');
    await applyCoinEntry(t.db, {
      userId: buyer.id,
      amount: -60,
      type: 'spend',
      description: 'A call',
      createdBy: null,
    });
    const disputed = await stripeWebhook('charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      payment_intent: paymentIntent,
      reason: 'fraudulent',
    });
    expect(disputed.json().outcome).toBe('reversed');
    expect(await balanceOf(buyer.id)).toBe(0);
    const admin = await insertUser(t.db, { username: 'purchases_admin', isAdmin: true });
    const list = await api(
      'GET',
      `/admin/coins/purchases?search=${paymentIntent}`,
      await t.authHeader(admin),
    );
    expect(list.json().data.purchases).toMatchObject([{ status: 'disputed', unrecovered_coins: 60 }]);
    await expectConsistentLedger(t.db);
  });

  it('lists, filters and exports purchases, and an admin reverses one with a reason (audited)', async () => {
    const admin = await insertUser(t.db, { username: 'purchases_lister', isAdmin: true });
    const auth = await t.authHeader(admin);
    const buyer = await insertUser(t.db, { username: 'listed_buyer' });
    const bought = await api('POST', `/coins/packages/${starterId}/buy`, await t.appAuthHeader(buyer), {
      provider: 'demo',
    });
    const purchase = bought.json().data.purchase as Purchase;

    const byUser = await api('GET', '/admin/coins/purchases?search=listed_buyer', auth);
    expect(byUser.json().data).toMatchObject({
      total: 1,
      purchases: [{ id: purchase.id, username: 'listed_buyer' }],
    });
    const apples = (await api('GET', '/admin/coins/purchases?provider=apple', auth)).json().data
      .purchases as Purchase[];
    expect(apples.length).toBeGreaterThan(0);
    expect(apples.every((p) => p.provider === 'apple')).toBe(true);
    const future = await api(
      'GET',
      `/admin/coins/purchases?start=${new Date(Date.now() + 3600_000).toISOString()}`,
      auth,
    );
    expect(future.json().data.total).toBe(0);

    const csv = await api('GET', '/admin/coins/purchases/export.csv?provider=demo', auth);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      'id,created_at,username,provider,provider_transaction_id,package_name,coins,price_cents,currency,status,unrecovered_coins',
    );
    expect(csv.body).toContain('listed_buyer,demo,');

    const providers = (await api('GET', '/admin/coins/providers', auth)).json().data.providers;
    expect(
      providers.map((p: { provider: string; configured: boolean }) => [p.provider, p.configured]),
    ).toEqual([
      ['stripe', true],
      ['apple', true],
      ['demo', true],
    ]);
    expect(JSON.stringify(providers)).not.toContain(TEST_WEBHOOK_SECRET);

    const noReason = await api('POST', `/admin/coins/purchases/${purchase.id}/reverse`, auth, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const reversed = await api('POST', `/admin/coins/purchases/${purchase.id}/reverse`, auth, {
      reason: 'Bought by mistake',
    });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json().data).toMatchObject({ status: 'refunded', unrecovered_coins: 0 });
    expect(await balanceOf(buyer.id)).toBe(0);
    const again = await api('POST', `/admin/coins/purchases/${purchase.id}/reverse`, auth, {
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PURCHASE_MESSAGES.notReversible);
    const audit = await auditRows(t.db, String(purchase.id));
    expect(audit.map((a) => a.action)).toContain('coins.purchase_reverse');
    await expectConsistentLedger(t.db);
  });

  it('twenty concurrent replays of one App Store proof credit once', async () => {
    const buyer = await insertUser(t.db, { username: 'racing_buyer' });
    const auth = await t.appAuthHeader(buyer);
    const jws = await appleTransaction();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('POST', `/coins/packages/${starterId}/buy`, auth, { provider: 'apple', signed_transaction: jws }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(await balanceOf(buyer.id)).toBe(100);
    await expectConsistentLedger(t.db);
  });
});

describe('without demo data', () => {
  let t: TestApp;
  afterAll(() => t.close());
  beforeAll(async () => {
    t = await createTestApp({ demoData: false });
  });

  it('has no demo provider, and Stripe and the App Store refuse until configured', async () => {
    const buyer = await insertUser(t.db, { username: 'plain_buyer' });
    const auth = await t.appAuthHeader(buyer);
    const [item] = await t.db.select().from(coinPackages).limit(1);
    const buy = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/coins/packages/${item?.id}/buy`,
        headers: auth,
        payload: body,
      });
    const demo = await buy({ provider: 'demo' });
    expect(demo.statusCode).toBe(403);
    expect(demo.json().message).toBe(PURCHASE_REFUSALS.demoOff);
    expect((await buy({ provider: 'stripe' })).json().message).toBe(PURCHASE_REFUSALS.providerNotConfigured);
    expect((await buy({ provider: 'apple', signed_transaction: 'a.b.c' })).json().message).toBe(
      PURCHASE_REFUSALS.providerNotConfigured,
    );
    const events = await t.db.select().from(securityEvents);
    expect(events.filter((e) => e.description.startsWith('Coin purchase refused')).length).toBeGreaterThan(0);
    const [account] = await t.db.select().from(coinAccounts).where(eq(coinAccounts.userId, buyer.id));
    expect(account?.balance ?? 0).toBe(0);
  });
});
