import { ACCOUNT_MESSAGES, APP_LIMITS, accountEndpoints } from '@switchboard/contract/account';
import { coinPackageEndpoints } from '@switchboard/contract/coin-packages';
import { fillPath } from '@switchboard/contract/endpoint';
import { purchasesEndpoints } from '@switchboard/contract/purchases';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userContacts, userSettings, users } from '../../db/schema/users.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const ANY_ID = '00000000-0000-4000-8000-000000000000';

describe('the account endpoints', () => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof insertUser>>;
  let auth: { authorization: string };
  let friend: Awaited<ReturnType<typeof insertUser>>;
  let calls = 0;
  /** Each call from its own address: the per-address API budget (Settings → API) is not under test here. */
  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    headers = auth,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      remoteAddress: `10.9.${Math.floor(++calls / 250)}.${calls % 250}`,
      ...(payload === undefined ? {} : { payload }),
    });
  const contactCount = async (userId: string) =>
    Number(
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(userContacts)
          .where(eq(userContacts.userId, userId))
      )[0]?.n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    me = await insertUser(t.db, { username: 'app-me', fullName: 'Me Myself' });
    auth = await t.appAuthHeader(me);
    friend = await insertUser(t.db, { username: 'friendly-fred', fullName: 'Fred Friend', isOnline: true });
  });
  afterAll(() => t.close());

  it('answers 401 without a token on every account endpoint', async () => {
    const endpoints = [
      ...Object.values(accountEndpoints),
      ...Object.values(coinPackageEndpoints),
      ...Object.values(purchasesEndpoints),
    ].filter((e) => e.access === 'user');
    expect(endpoints.length).toBeGreaterThanOrEqual(11);
    for (const e of endpoints) {
      const res = await t.app.inject({
        method: e.method,
        url: `/api/v1${fillPath(e.path, { id: 1 })}`,
        ...(e.method === 'POST' || e.method === 'PUT' ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401);
    }
  });

  it('tells the account about itself, admin or app user', async () => {
    const res = await api('GET', '/users/me');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: me.id,
      username: 'app-me',
      full_name: 'Me Myself',
      is_admin: false,
    });
    const admin = await insertUser(t.db, { username: 'console-admin', isAdmin: true });
    const asAdmin = await api('GET', '/users/me', undefined, await t.authHeader(admin));
    expect(asAdmin.json().data).toMatchObject({ id: admin.id, is_admin: true });
  });

  it('searches other active users by name, the caller left out, % matched literally', async () => {
    const res = await api('GET', '/users/search?q=fred');
    expect(res.json().data.users.map((u: { username: string }) => u.username)).toEqual(['friendly-fred']);
    expect((await api('GET', '/users/search?q=app-me')).json().data.users).toEqual([]);
    expect((await api('GET', '/users/search?q=%25')).json().data.users).toEqual([]);
    expect((await api('GET', '/users/search?q=')).statusCode).toBe(400);
  });

  it('puts the username typed in full first, ahead of names that only contain it', async () => {
    for (const username of ['abbott_fredo', 'alfred', 'fred']) await insertUser(t.db, { username });
    const found = (await api('GET', '/users/search?q=fred')).json().data.users as { username: string }[];
    expect(found.map((u) => u.username)).toEqual(['fred', 'abbott_fredo', 'alfred', 'friendly-fred']);
  });

  it('adds, lists and removes contacts', async () => {
    const added = await api('POST', '/users/contacts', { user_id: friend.id });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ id: friend.id, username: 'friendly-fred', is_online: true });
    expect((await api('POST', '/users/contacts', { user_id: friend.id })).statusCode).toBe(201);
    const listed = (await api('GET', '/users/contacts')).json().data;
    expect(listed).toMatchObject({ total: 1, max_contacts: APP_LIMITS.maxContacts });
    expect((await api('POST', '/users/contacts', { user_id: me.id })).statusCode).toBe(400);
    expect((await api('POST', '/users/contacts', { user_id: ANY_ID })).statusCode).toBe(404);
    expect((await api('DELETE', `/users/contacts?user_id=${friend.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/users/contacts?user_id=${friend.id}`)).statusCode).toBe(404);
    expect(await contactCount(me.id)).toBe(0);
  });

  it('refuses the 1,001st contact with 422 and writes nothing', async () => {
    const owner = await insertUser(t.db, { username: 'collector' });
    await t.db.execute(sql`
      insert into users (username, email)
      select 'bulk-contact-' || g, 'bulk-contact-' || g || '@example.test' from generate_series(1, 1001) g`);
    await t.db.execute(sql`
      insert into user_contacts (user_id, contact_id)
      select ${owner.id}, id from users where username like 'bulk-contact-%' and username <> 'bulk-contact-1001'`);
    expect(await contactCount(owner.id)).toBe(APP_LIMITS.maxContacts);
    const [last] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'bulk-contact-1001'));
    const ownerAuth = await t.appAuthHeader(owner);
    const res = await api('POST', '/users/contacts', { user_id: last?.id }, ownerAuth);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.tooManyContacts);
    expect(await contactCount(owner.id)).toBe(APP_LIMITS.maxContacts);
  });

  it('keeps settings: defaults, a partial PUT merges, a bad value is 400 and changes nothing', async () => {
    const initial = (await api('GET', '/users/settings')).json().data;
    expect(initial).toMatchObject({ theme: 'system', notifications_enabled: true, language: 'en' });
    const saved = await api('PUT', '/users/settings', { theme: 'dark' });
    expect(saved.json().data).toMatchObject({ theme: 'dark', notifications_enabled: true });
    await api('PUT', '/users/settings', { notifications_enabled: false });
    const bad = await api('PUT', '/users/settings', { theme: 'neon', language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect((await api('GET', '/users/settings')).json().data).toMatchObject({
      theme: 'dark',
      notifications_enabled: false,
      language: 'en',
    });
    const rows = await t.db.select().from(userSettings).where(eq(userSettings.userId, me.id));
    expect(rows).toHaveLength(1);
  });

  it('allows an app user 100 requests a minute, then 429 with Retry-After and nothing written', async () => {
    const busy = await insertUser(t.db, { username: 'busy-bee' });
    const busyAuth = await t.appAuthHeader(busy);
    for (let i = 0; i < APP_LIMITS.apiRequestsPerMinute; i++) {
      const res = await api('GET', '/users/me', undefined, busyAuth);
      expect(res.statusCode).toBe(200);
    }
    const over = await api('POST', '/users/contacts', { user_id: friend.id }, busyAuth);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(ACCOUNT_MESSAGES.tooManyRequests);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await contactCount(busy.id)).toBe(0);
    // Another user's budget is their own.
    expect((await api('GET', '/users/me')).statusCode).toBe(200);
  });
});
