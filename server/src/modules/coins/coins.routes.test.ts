import { COIN_ADD_RULES, MAX_COIN_ADD } from '@switchboard/contract/coins';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../config.ts';
import { settings } from '../../db/schema/system.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { auditRows } from '../../testing/audit-rows.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { COIN_LEDGER_MESSAGES } from './coin-ledger.ts';
import { dailyCoinTotals } from './coins.service.ts';
import { expectConsistentLedger } from './testing/ledger-check.ts';

describe('coins routes', () => {
  let t: TestApp;
  let admin: AdminPrincipal;
  let auth: { authorization: string };
  let badInputs = 0;
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...auth, ...headers },
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const add = (user_id: string, amount: number, description = 'Admin grant', key?: string) =>
    call('POST', '/admin/coins/add', { user_id, amount, description }, key ? { 'idempotency-key': key } : {});
  const balanceOf = async (id: string) => (await call('GET', `/admin/users/${id}`)).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await insertUser(t.db, { username: 'coinboss', isAdmin: true });
    auth = await t.authHeader(admin);
  });
  afterAll(() => t.close());

  it('adds coins as a bonus with an exact balance_after, shows them on the user row, and audits the add', async () => {
    const user = await insertUser(t.db, { username: 'alice' });
    const first = await add(user.id, 120, 'Welcome bonus');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      replayed: false,
      transaction: {
        username: 'alice',
        amount: 120,
        transaction_type: 'bonus',
        balance_after: 120,
        description: 'Welcome bonus',
        reversed: false,
      },
    });
    const penalty = await add(user.id, -20, 'Chargeback');
    expect(penalty.body.data.transaction).toMatchObject({ transaction_type: 'penalty', balance_after: 100 });
    expect(await balanceOf(user.id)).toMatchObject({ coin_balance: 100, total_earned: 120, total_spent: 20 });

    const audits = (await auditRows(t.db, user.id)).filter((a) => a.action === 'coins.add');
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ actorId: admin.id, before: { balance: 0 } });
    expect(audits[0]?.after).toMatchObject({ amount: 120, balance_after: 120 });
  });

  it('refuses a penalty the balance cannot cover with 409 and its message, changing nothing', async () => {
    const user = await insertUser(t.db, { username: 'bob' });
    await add(user.id, 10);
    const refused = await add(user.id, -11, 'Too much');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, message: COIN_LEDGER_MESSAGES.insufficient });
    expect((await balanceOf(user.id)).coin_balance).toBe(10);
    expect((await auditRows(t.db, user.id)).filter((a) => a.action === 'coins.add')).toHaveLength(1);
  });

  it.each([
    [{ amount: 0 }, 'amount', COIN_ADD_RULES.amountZero],
    [{ amount: 1.5 }, 'amount', COIN_ADD_RULES.amountInteger],
    [{ amount: '10' }, 'amount', COIN_ADD_RULES.amountInteger],
    [{ amount: MAX_COIN_ADD + 1 }, 'amount', COIN_ADD_RULES.amountRange],
    [{ amount: -MAX_COIN_ADD - 1 }, 'amount', COIN_ADD_RULES.amountRange],
    [{ description: '   ' }, 'description', COIN_ADD_RULES.descriptionRequired],
    [{ user_id: 'nope' }, 'user_id', undefined],
  ])('answers 400 naming the field for %j', async (change, field, message) => {
    const user = await insertUser(t.db, {
      username: `badinput${++badInputs}`,
    });
    const res = await call('POST', '/admin/coins/add', {
      user_id: user.id,
      amount: 5,
      description: 'x',
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field, ...(message ? { message } : {}) })]),
    );
    expect((await balanceOf(user.id)).coin_balance).toBe(0);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await add('00000000-0000-4000-8000-000000000999', 5);
    expect(res.status).toBe(404);
  });

  it('adds once for a repeated Idempotency-Key', async () => {
    const user = await insertUser(t.db, { username: 'carol' });
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await add(user.id, 50, 'Retry me', 'retry-1'));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.body.data.replayed)).toEqual([false, true, true]);
    expect(new Set(results.map((r) => r.body.data.transaction.id)).size).toBe(1);
    expect((await balanceOf(user.id)).coin_balance).toBe(50);
    expect((await auditRows(t.db, user.id)).filter((a) => a.action === 'coins.add')).toHaveLength(1);
    const reused = await add(user.id, 60, 'Other', 'retry-1');
    expect(reused.status).toBe(409);
  });

  it('reverses a transaction once, audited, and answers 409 after', async () => {
    const user = await insertUser(t.db, { username: 'dave' });
    const { body } = await add(user.id, 70);
    const id = body.data.transaction.id as number;
    const reversed = await call('POST', `/admin/coins/transactions/${id}/reverse`);
    expect(reversed.status).toBe(200);
    expect(reversed.body.data.transaction).toMatchObject({ amount: -70, reverses_id: id, balance_after: 0 });
    const again = await call('POST', `/admin/coins/transactions/${id}/reverse`);
    expect(again).toMatchObject({ status: 409, body: { message: COIN_LEDGER_MESSAGES.alreadyReversed } });
    expect((await call('POST', '/admin/coins/transactions/999999999/reverse')).status).toBe(404);
    const audits = (await auditRows(t.db, String(id))).filter((a) => a.action === 'coins.reverse');
    expect(audits).toHaveLength(1);
    const listed = await call('GET', `/admin/public/coins?user=${user.id}`);
    expect(
      listed.body.data.coins.map((c: { amount: number; reversed: boolean }) => [c.amount, c.reversed]),
    ).toEqual([
      [-70, false],
      [70, true],
    ]);
  });

  it('lists transactions newest first with search, type filter, totals and statistics', async () => {
    // Amounts above any other test's, so eve leads the top lists whichever tests ran before.
    const eve = await insertUser(t.db, { username: 'eve_searchable' });
    await add(eve.id, 500_000, 'Tournament prize');
    await add(eve.id, -100_000, 'Gift 100%');
    const all = await call('GET', '/admin/public/coins?limit=1');
    expect(all.status).toBe(200);
    const data = all.body.data;
    expect(data.coins).toHaveLength(1);
    expect(data.coins[0]).toMatchObject({
      username: 'eve_searchable',
      amount: -100_000,
      balance_after: 400_000,
    });
    const counted = (
      (await t.db.execute(
        sql`select count(*)::int as n, coalesce(sum(greatest(amount,0)),0)::int as earned, coalesce(-sum(least(amount,0)),0)::int as spent from coin_transactions`,
      )) as unknown as { rows: { n: number; earned: number; spent: number }[] }
    ).rows[0];
    expect(data.total).toBe(counted?.n);
    expect(data).toMatchObject({
      total_transactions: counted?.n,
      total_coins_earned: counted?.earned,
      total_coins_spent: counted?.spent,
      total_coins_circulating: (counted?.earned ?? 0) - (counted?.spent ?? 0),
    });
    expect(data.top_earners[0]).toEqual({ username: 'eve_searchable', total_earned: 500_000 });
    expect(data.top_spenders[0]).toEqual({ username: 'eve_searchable', total_spent: 100_000 });
    expect(data.average_coins_per_user).toBeGreaterThan(0);

    const byName = await call('GET', '/admin/public/coins?search=SEARCHABLE');
    expect(byName.body.data.total).toBe(2);
    const byDescription = await call('GET', '/admin/public/coins?search=prize');
    expect(byDescription.body.data.coins.map((c: { description: string }) => c.description)).toEqual([
      'Tournament prize',
    ]);
    // The user's % matches literally.
    const literal = await call('GET', '/admin/public/coins?search=100%25');
    expect(literal.body.data.coins.map((c: { description: string }) => c.description)).toEqual(['Gift 100%']);
    const penalties = await call('GET', '/admin/public/coins?type=penalty');
    expect(
      penalties.body.data.coins.every((c: { transaction_type: string }) => c.transaction_type === 'penalty'),
    ).toBe(true);
    expect(penalties.body.data.total).toBe(penalties.body.data.coins.length);
    expect((await call('GET', '/admin/public/coins?type=nonsense')).status).toBe(400);
  });

  it('answers a common search the same once its total is remembered and its first page goes prepared', async () => {
    // Older than the daily totals' window: the ledger keeps every entry, so these stay for the tests after.
    // A quote and a backslash in the term: the prepared page sends it as a parameter, never as text.
    const crowd = await insertUser(t.db, { username: "o'crowd\\ledger" });
    await t.db.execute(sql`
      insert into coin_transactions (user_id, username, amount, transaction_type, description, balance_after, created_at)
      select ${crowd.id}, ${crowd.username}, 1, 'bonus', 'Crowd grant ' || n, n,
        now() - interval '40 days' - interval '1 minute' * n
      from generate_series(1, 1100) n`);
    const url = `/admin/public/coins?search=${encodeURIComponent("o'crowd\\l")}&limit=20&type=bonus`;
    const counted = (await call('GET', url)).body.data;
    expect(counted).toMatchObject({ total: 1100, total_pages: 55 });
    // Past PostgreSQL's five custom plans, so the prepared statement's generic plan answers too.
    for (let run = 0; run < 7; run++) {
      const remembered = (await call('GET', url)).body.data;
      expect(remembered).toMatchObject({ total: 1100, total_pages: 55 });
      expect(remembered.coins.map((c: { id: number }) => c.id)).toEqual(
        counted.coins.map((c: { id: number }) => c.id),
      );
    }
  });

  it('numbered pages continue the list newest first, each row once, with its reversal mark', async () => {
    const gina = await insertUser(t.db, { username: 'gina_pages' });
    for (const amount of [11, 12, 13, 14, 15]) await add(gina.id, amount, `Page grant ${amount}`);
    const reversedId = (await call('GET', '/admin/public/coins?search=Page%20grant%2013')).body.data.coins[0]
      .id;
    expect((await call('POST', `/admin/coins/transactions/${reversedId}/reverse`)).status).toBe(200);
    const whole = (await call('GET', '/admin/public/coins?type=bonus&limit=100')).body.data.coins;
    const paged = [];
    for (let page = 1; page <= Math.ceil(whole.length / 2); page++)
      paged.push(
        ...(await call('GET', `/admin/public/coins?type=bonus&limit=2&page=${page}`)).body.data.coins,
      );
    expect(paged).toEqual(whole);
    expect(paged.find((c: { id: number }) => c.id === reversedId)).toMatchObject({ reversed: true });
  });

  it('pages a user ledger by cursor without repeats', async () => {
    const frank = await insertUser(t.db, { username: 'frank' });
    for (let i = 1; i <= 5; i++) await add(frank.id, i, `grant ${i}`);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const res = await call('GET', `/admin/coins/users/${frank.id}/transactions?limit=2${q}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ balance: 15, total_earned: 15, total_spent: 0 });
      seen.push(...res.body.data.transactions.map((c: { amount: number }) => c.amount));
      cursor = res.body.data.next_cursor;
    } while (cursor);
    expect(seen).toEqual([5, 4, 3, 2, 1]);
    expect((await call('GET', `/admin/coins/users/${frank.id}/transactions?cursor=garbage`)).status).toBe(
      400,
    );
    expect(
      (await call('GET', '/admin/coins/users/00000000-0000-4000-8000-000000000999/transactions')).status,
    ).toBe(404);
  });

  it('keeps daily totals for the dashboard from the rollup', async () => {
    const earner = await insertUser(t.db, { username: 'dailyearner' });
    expect((await add(earner.id, 40, 'Daily total')).status).toBe(200);
    expect((await add(earner.id, -15, 'Daily total')).status).toBe(200);
    const days = await dailyCoinTotals(t.db, 7);
    const today = new Date().toISOString().slice(0, 10);
    const counted = (
      (await t.db.execute(
        sql`select coalesce(sum(greatest(amount,0)),0)::int as earned, coalesce(-sum(least(amount,0)),0)::int as spent
          from coin_transactions where (created_at at time zone 'UTC')::date = (now() at time zone 'UTC')::date`,
      )) as unknown as { rows: { earned: number; spent: number }[] }
    ).rows[0];
    expect(days.at(-1)).toMatchObject({ day: today, earned: counted?.earned, spent: counted?.spent });
  });

  it('refuses the coins endpoints without a signed-in admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/public/coins' });
    expect(res.statusCode).toBe(401);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'keeps every balance equal to the sum of its entries under 1,000 concurrent adds and penalties over HTTP',
    async () => {
      const racers = await Promise.all([0, 1, 2].map((i) => insertUser(t.db, { username: `httpracer${i}` })));
      // 1,000 requests in a burst are over the per-admin request budget; this test is about the ledger.
      await t.db
        .insert(settings)
        .values({ key: 'security_policies', value: { admin_requests_per_minute: 1_000_000 } });
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const outcomes = await Promise.all(
        Array.from({ length: 1000 }, (_, i) => {
          const user = racers[i % racers.length]?.id as string;
          const amount = i % 3 === 0 ? 9 : -5;
          const key = i % 25 === 0 ? `http-race-${i % 50}` : undefined;
          return add(user, amount, 'race', key).then((r) => r.status);
        }),
      );
      expect(outcomes.every((s) => s === 200 || s === 409)).toBe(true);
      expect(outcomes).toContain(200);
      expect(outcomes).toContain(409);
      await expectConsistentLedger(t.db);
    },
    120_000,
  );
});
