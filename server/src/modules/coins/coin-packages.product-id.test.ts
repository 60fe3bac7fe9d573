import {
  COIN_PACKAGE_MESSAGES,
  COIN_PACKAGE_RULES,
  type CoinPackage,
} from '@switchboard/contract/coin-packages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

describe('a coin package’s store product id', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const send = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/v1/admin/coins/packages${url}`, headers: auth, payload });
  const base = { name: 'Pack', coins: 100, price_cents: 99 };

  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader(await insertUser(t.db, { username: 'shop-root', isRootAdmin: true }));
  });
  afterAll(() => t.close());

  it('is saved as an App Store product id, changed to a Stripe price id and cleared', async () => {
    const created = await send('POST', '', { ...base, store_product_id: ' com.example.coins_100 ' });
    expect(created.statusCode).toBe(201);
    const pack = created.json().data as CoinPackage;
    expect(pack.store_product_id).toBe('com.example.coins_100');
    const stripe = await send('PUT', `/${pack.id}`, { ...base, store_product_id: 'price_1NxAbc-2' });
    expect(stripe.json().data.store_product_id).toBe('price_1NxAbc-2');
    const cleared = await send('PUT', `/${pack.id}`, { ...base, store_product_id: '' });
    expect(cleared.json().data.store_product_id).toBeNull();
  });

  it('refuses an id with other characters, naming the field', async () => {
    const res = await send('POST', '', { ...base, store_product_id: 'coins 100!' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('store_product_id');
    expect(JSON.stringify(res.json())).toContain(COIN_PACKAGE_RULES.productIdPattern);
  });

  it('refuses a second package with the same id with 409 on the field, never a 500', async () => {
    expect((await send('POST', '', { ...base, store_product_id: 'com.example.twice' })).statusCode).toBe(201);
    const again = await send('POST', '', { ...base, name: 'Other', store_product_id: 'com.example.twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COIN_PACKAGE_MESSAGES.productIdTaken);
    expect(JSON.stringify(again.json())).toContain('store_product_id');
    const other = (await send('POST', '', { ...base, name: 'Third' })).json().data as CoinPackage;
    const moved = await send('PUT', `/${other.id}`, { ...base, store_product_id: 'com.example.twice' });
    expect(moved.statusCode).toBe(409);
  });
});
