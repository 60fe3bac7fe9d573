import { COIN_PACKAGE_MESSAGES, type CoinPackage } from '@switchboard/contract/coin-packages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinTransactions } from '../../db/schema/coins.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

describe('coin packages and the account’s own coins', () => {
  let t: TestApp;
  let buyer: Awaited<ReturnType<typeof insertUser>>;
  let appAuth: { authorization: string };
  let adminAuth: { authorization: string };
  let calls = 0;
  const api = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      remoteAddress: `10.8.0.${++calls % 250}`,
      ...(payload === undefined ? {} : { payload }),
    });
  const entriesOf = (userId: string) =>
    t.db.select().from(coinTransactions).where(eq(coinTransactions.userId, userId));

  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
    buyer = await insertUser(t.db, { username: 'buyer' });
    appAuth = await t.appAuthHeader(buyer);
    adminAuth = await t.authHeader(await insertUser(t.db, { username: 'shopkeeper', isAdmin: true }));
  });
  afterAll(() => t.close());

  it('lists the packages on sale, and an admin adds and withdraws one', async () => {
    const shop = (await api('GET', '/coins/packages', appAuth)).json().data.packages as CoinPackage[];
    expect(shop.map((p) => p.coins)).toEqual([100, 550, 1200]);

    const created = await api('POST', '/admin/coins/packages', adminAuth, {
      name: 'Mega',
      coins: 5000,
      price_cents: 2999,
      currency: 'eur',
      sort_order: 4,
    });
    expect(created.statusCode).toBe(201);
    const mega = created.json().data as CoinPackage;
    expect(mega).toMatchObject({ currency: 'EUR', is_active: true });
    expect((await api('GET', '/coins/packages', appAuth)).json().data.packages).toHaveLength(4);

    const withdrawn = await api('PUT', `/admin/coins/packages/${mega.id}`, adminAuth, {
      name: 'Mega',
      coins: 5000,
      price_cents: 2999,
      is_active: false,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await api('GET', '/coins/packages', appAuth)).json().data.packages).toHaveLength(3);
    expect((await api('GET', '/admin/coins/packages', adminAuth)).json().data.packages).toHaveLength(4);
    const refused = await api('POST', `/coins/packages/${mega.id}/buy`, appAuth, { provider: 'demo' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(COIN_PACKAGE_MESSAGES.unavailable);

    const bad = await api('POST', '/admin/coins/packages', adminAuth, {
      name: 'Zero',
      coins: 0,
      price_cents: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await api('POST', '/admin/coins/packages', appAuth, { name: 'x', coins: 1, price_cents: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await api('GET', '/admin/coins/packages', adminAuth)).json().data.packages).toHaveLength(4);
  });

  it('credits a bought package only through a provider: a purchase without one credits nothing', async () => {
    const [starter] = (await api('GET', '/coins/packages', appAuth)).json().data.packages as CoinPackage[];
    const unpaid = await api('POST', `/coins/packages/${starter?.id}/buy`, appAuth, {});
    expect(unpaid.statusCode).toBe(400);
    expect(await entriesOf(buyer.id)).toHaveLength(0);
    // This app runs with demo data, where the demo provider stands in for a payment.
    for (const _ of [1, 2]) {
      const bought = await api('POST', `/coins/packages/${starter?.id}/buy`, appAuth, { provider: 'demo' });
      expect(bought.statusCode).toBe(201);
      expect(bought.json().data.transaction).toMatchObject({ amount: 100, transaction_type: 'earn' });
    }
    const balance = (await api('GET', '/coins/balance', appAuth)).json().data;
    expect(balance).toEqual({ balance: 200, total_earned: 200, total_spent: 0 });
    const entries = await entriesOf(buyer.id);
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(balance.balance);
    expect((await api('POST', '/coins/packages/999999/buy', appAuth, { provider: 'demo' })).statusCode).toBe(
      404,
    );
  });

  it('pages the account’s own transactions with a keyset cursor', async () => {
    const first = (await api('GET', '/coins/transactions?limit=1', appAuth)).json().data;
    expect(first.transactions).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = (
      await api('GET', `/coins/transactions?limit=1&cursor=${encodeURIComponent(first.next_cursor)}`, appAuth)
    ).json().data;
    expect(second.transactions).toHaveLength(1);
    expect(second.transactions[0].id).not.toBe(first.transactions[0].id);
    // Another account sees none of them.
    const other = await t.appAuthHeader(await insertUser(t.db, { username: 'stranger' }));
    expect((await api('GET', '/coins/transactions', other)).json().data.transactions).toEqual([]);
  });
});
