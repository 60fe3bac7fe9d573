import type { ListUsersResponse } from '@switchboard/contract/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

describe('GET /admin/public/users', () => {
  let t: TestApp;
  let auth: { authorization: string };
  /** A plain member of the seeded list; kept here so no test adds a row that the others would count. */
  let member: Awaited<ReturnType<typeof insertUser>>;
  const list = async (query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/public/users${query}`,
      headers: auth,
    });
    return {
      status: res.statusCode,
      body: res.json() as ListUsersResponse & { message?: string; errors?: unknown },
    };
  };
  const usernames = (body: ListUsersResponse) => body.data.users.map((u) => u.username);

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await insertUser(t.db, { username: 'boss', isAdmin: true, isOnline: true });
    auth = await t.authHeader(admin);
    for (let i = 1; i <= 24; i++) {
      const n = String(i).padStart(2, '0');
      const inserted = await insertUser(t.db, {
        username: `member${n}`,
        isOnline: i % 4 === 0,
        isAdmin: i === 7,
      });
      if (i === 5) member = inserted;
    }
    await insertUser(t.db, {
      username: 'Zed_Quinn',
      email: 'zed@Quinn-Mail.test',
      fullName: 'Zedekiah Percent%Man',
    });
    // Ages from the username order, so "newest first" has a known answer: the last inserted is newest.
    await t.db.execute(sql`
      update ${users} set created_at = now() - (interval '1 minute' * (100 - sub.n))
      from (select id, row_number() over (order by lower(username) collate "C") as n from ${users} where username <> 'boss') sub
      where ${users.id} = sub.id`);
    await t.db.execute(
      sql`update ${users} set created_at = now() - interval '1 day' where username = 'boss'`,
    );
  });
  afterAll(() => t.close());

  it('pages 10 at a time, newest first, with the total', async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 26, page: 1, limit: 10, total_pages: 3 });
    expect(usernames(first.body).slice(0, 3)).toEqual(['Zed_Quinn', 'member24', 'member23']);
    const third = await list('?page=3&limit=10');
    expect(third.body.data.users).toHaveLength(6);
    expect(usernames(third.body).at(-1)).toBe('boss');
    expect(third.body.data.users[0]).toEqual({
      id: expect.any(String),
      username: 'member05',
      email: 'member05@example.test',
      full_name: null,
      is_online: false,
      is_admin: false,
      is_root_admin: false,
      is_active: true,
      coin_balance: 0,
      total_earned: 0,
      total_spent: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_login: null,
      deleted_at: null,
      admin_role_id: 'admin',
    });
  });

  it('answers a page past the end with no users and the real total', async () => {
    const { status, body } = await list('?page=9');
    expect(status).toBe(200);
    expect(body.data).toEqual({
      users: [],
      total: 26,
      page: 9,
      limit: 10,
      total_pages: 3,
      total_capped: false,
      next_cursor: null,
    });
  });

  it('searches username, email and full name case-insensitively', async () => {
    expect(usernames((await list('?search=ZED_q')).body)).toEqual(['Zed_Quinn']);
    expect(usernames((await list('?search=quinn-mail')).body)).toEqual(['Zed_Quinn']);
    expect(usernames((await list('?search=zedekiah')).body)).toEqual(['Zed_Quinn']);
    const members = (await list('?search=MEMBER1&limit=20')).body.data;
    expect(members.total).toBe(10);
    expect(members.users.every((u) => u.username.startsWith('member1'))).toBe(true);
  });

  it('matches % and _ in the search literally', async () => {
    expect(usernames((await list('?search=%25')).body)).toEqual(['Zed_Quinn']);
    expect(usernames((await list('?search=d_')).body)).toEqual(['Zed_Quinn']);
    expect((await list('?search=mem_er')).body.data.total).toBe(0);
  });

  it('filters by status online, offline and admin', async () => {
    const online = (await list('?status=online&limit=100')).body.data;
    expect(online.users.every((u) => u.is_online)).toBe(true);
    expect(online.total).toBe(7);
    const offline = (await list('?status=offline&limit=100')).body.data;
    expect(offline.users.every((u) => !u.is_online)).toBe(true);
    expect(offline.total).toBe(19);
    expect(usernames((await list('?status=admin')).body)).toEqual(['member07', 'boss']);
    expect((await list('?status=all')).body.data.total).toBe(26);
  });

  it('combines search and status', async () => {
    expect(usernames((await list('?status=admin&search=boss')).body)).toEqual(['boss']);
    expect((await list('?status=online&search=zed')).body.data.total).toBe(0);
  });

  it.each([
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    ['?limit=101', 'limit'],
    ['?limit=0', 'limit'],
    ['?status=banned', 'status'],
    [`?search=${'x'.repeat(101)}`, 'search'],
  ])('rejects %s with 400 naming %s', async (query, field) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.errors).toEqual([expect.objectContaining({ field })]);
  });

  it('needs a signed-in admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/public/users' });
    expect(res.statusCode).toBe(401);
    const asMember = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/public/users',
      headers: await t.authHeader(member),
    });
    expect(asMember.statusCode).toBe(401);
  });
});
