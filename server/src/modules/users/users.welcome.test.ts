import { SETTINGS_DEFAULTS } from '@switchboard/contract/settings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinTransactions } from '../../db/schema/coins.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { grantWelcomeCoins } from '../coins/welcome-coins.ts';

const PASSWORD = 'Console-made-1';

describe('the welcome grant for accounts an admin adds', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  const addUser = (username: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers,
      payload: { username, email: `${username}@example.test`, password: PASSWORD, ...extra },
    });
  const entriesOf = (userId: string) =>
    t.db.select().from(coinTransactions).where(eq(coinTransactions.userId, userId));
  const balanceOf = async (userId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/admin/users/${userId}`, headers })).json().data
      .coin_balance as number;

  beforeAll(async () => {
    t = await createTestApp();
    const root = await insertUser(t.db, { username: 'welcome-admin', isRootAdmin: true });
    headers = await t.authHeader(root);
    const next = structuredClone(SETTINGS_DEFAULTS);
    next.calling.welcome_coins = 100;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers,
      payload: next,
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('gives an app account added in the console the welcome coins, once, as a welcome ledger entry', async () => {
    const res = await addUser('console-made');
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as string;
    expect(await balanceOf(id)).toBe(100);
    expect(await entriesOf(id)).toMatchObject([
      { amount: 100, transactionType: 'bonus', referenceType: 'welcome', balanceAfter: 100 },
    ]);

    // The grant is keyed per account: a second attempt (a retry, a sign-up path after it) adds nothing.
    await t.db.transaction((tx) => grantWelcomeCoins(t.db, tx, id));
    expect(await entriesOf(id)).toHaveLength(1);
    expect(await balanceOf(id)).toBe(100);
  });

  it('gives an admin account no welcome coins', async () => {
    const res = await addUser('console-admin', { is_admin: true });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as string;
    expect(await entriesOf(id)).toEqual([]);
    expect(await balanceOf(id)).toBe(0);
  });

  it('leaves an account it refuses without coins or a ledger entry', async () => {
    const before = (await t.db.select().from(coinTransactions)).length;
    const res = await addUser('console-made');
    expect(res.statusCode).toBe(409);
    expect(await t.db.select().from(coinTransactions)).toHaveLength(before);
  });
});
