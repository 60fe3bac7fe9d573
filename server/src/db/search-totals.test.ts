import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';
import { REMEMBERED_FOR_MS, REMEMBERED_FROM, SearchTotals, searchKey } from './search-totals.ts';

describe('remembered search totals', () => {
  const key = searchKey('calls', { search: 'son', type: 'all' });

  it('gives a costly total back for REMEMBERED_FOR_MS, then asks for a new count', () => {
    const totals = new SearchTotals();
    totals.remember(key, 5_633, 0);
    expect(totals.recall(key, REMEMBERED_FOR_MS - 1)).toBe(5_633);
    expect(totals.recall(key, REMEMBERED_FOR_MS)).toBeUndefined();
  });

  it('never remembers a total cheap enough to count each time', () => {
    const totals = new SearchTotals();
    totals.remember(key, REMEMBERED_FROM - 1, 0);
    expect(totals.recall(key, 1)).toBeUndefined();
  });

  it('tells searches apart by every filter, whatever order the fields come in', () => {
    expect(searchKey('calls', { type: 'all', search: 'son' })).toBe(key);
    expect(searchKey('calls', { search: 'son', type: 'video' })).not.toBe(key);
    expect(searchKey('coins', { search: 'son', type: 'all' })).not.toBe(key);
  });
});

describe('a search through many ledger entries', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const page = async (search: string, n: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/public/coins?search=${search}&limit=50&page=${n}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { coins: { description: string }[]; total: number };
  };
  const addEntries = (count: number, description: string) =>
    t.db.execute(sql`insert into coin_transactions
      (username, amount, transaction_type, description, balance_after)
      select 'ledger-' || i, 1, 'bonus', ${description}, 1 from generate_series(1, ${count}) i`);

  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader(await insertUser(t.db, { username: 'ledger-admin', isAdmin: true }));
  });
  afterAll(() => t.close());

  it('keeps one total while an admin pages through it, and shows each page as it is now', async () => {
    await addEntries(1_200, 'zq promo grant');
    const first = await page('zq', 1);
    expect(first.total).toBe(1_200);
    await addEntries(3, 'zq late grant');
    const second = await page('zq', 2);
    // The total counted a moment ago, not a recount of 1,203 matches for each page…
    expect(second.total).toBe(1_200);
    // …while the rows are read fresh: the newest entries open the list.
    expect((await page('zq', 1)).coins[0]?.description).toBe('zq late grant');
  });

  it('counts a search with few matches exactly on every request', async () => {
    await addEntries(2, 'xw rare grant');
    expect((await page('xw', 1)).total).toBe(2);
    await addEntries(1, 'xw rare grant');
    expect((await page('xw', 1)).total).toBe(3);
  });
});

describe('a search through many users', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const total = async (search: string, page: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/public/users?search=${search}&limit=20&page=${page}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { total: number } }).data.total;
  };
  const addUsers = (count: number, prefix: string) =>
    t.db.execute(sql`insert into users (username, email)
      select ${prefix} || i, ${prefix} || i || '@example.com' from generate_series(1, ${count}) i`);

  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader(await insertUser(t.db, { username: 'directory-admin', isAdmin: true }));
  });
  afterAll(() => t.close());

  it('keeps the total of a big search while paging, and counts a small one every time', async () => {
    await addUsers(1_100, 'qvbig');
    expect(await total('qvbig', 1)).toBe(1_100);
    await addUsers(2, 'qvbig-late');
    expect(await total('qvbig', 2)).toBe(1_100);
    await addUsers(3, 'qvsmall');
    expect(await total('qvsmall', 1)).toBe(3);
    await addUsers(1, 'qvsmall-late');
    expect(await total('qvsmall', 1)).toBe(4);
  });
});
