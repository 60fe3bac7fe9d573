import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

interface Card {
  username: string;
  is_online: boolean;
  last_seen_at: string | null;
}

/** Attack review #46, findings 12 and 4: app search found admins, and showed hidden presence. */
describe('what app users see of other accounts', () => {
  let t: TestApp;
  let searcher: { authorization: string };
  let shy: { authorization: string };
  const api = (auth: object, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { ...auth }, payload });
  const search = async (q: string): Promise<Card[]> =>
    (await api(searcher, 'GET', `/users/search?q=${q}`)).json().data.users;

  beforeAll(async () => {
    t = await createTestApp();
    searcher = await t.appAuthHeader(await insertUser(t.db, { username: 'searcher' }));
    await insertUser(t.db, { username: 'admin', isRootAdmin: true, isOnline: true });
    await insertUser(t.db, { username: 'admin-fred', isAdmin: true, adminRoleId: 'viewer' });
    await insertUser(t.db, { username: 'friendly-fred', isOnline: true });
    shy = await t.appAuthHeader(await insertUser(t.db, { username: 'shy-fred', isOnline: true }));
  });
  afterAll(() => t.close());

  it('never finds an admin account, root included', async () => {
    expect((await search('fred')).map((u) => u.username)).toEqual(['friendly-fred', 'shy-fred']);
    expect(await search('admin')).toEqual([]);
  });

  it('shows a user offline, with no last seen, once they hide their online status: in search and contacts', async () => {
    const before = (await search('shy')).at(0);
    expect(before?.is_online).toBe(true);
    const saved = await api(shy, 'PUT', '/users/settings', { show_online_status: false });
    expect(saved.statusCode).toBe(200);
    expect((await search('shy')).at(0)).toMatchObject({ is_online: false, last_seen_at: null });

    const shyId = (await search('shy')).map((u) => (u as Card & { id: string }).id)[0];
    expect((await api(searcher, 'POST', '/users/contacts', { user_id: shyId })).json().data).toMatchObject({
      is_online: false,
      last_seen_at: null,
    });
    const contacts = (await api(searcher, 'GET', '/users/contacts')).json().data.contacts as Card[];
    expect(contacts).toEqual([
      expect.objectContaining({ username: 'shy-fred', is_online: false, last_seen_at: null }),
    ]);
    // The others still show theirs.
    expect((await search('friendly')).at(0)?.is_online).toBe(true);
  });
});
