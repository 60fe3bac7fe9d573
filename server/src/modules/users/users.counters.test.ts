import type { ListUsersResponse } from '@switchboard/contract/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCounters } from '../../db/row-counts.ts';
import { users } from '../../db/schema/users.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { insertUser as insertUserRow } from './users.repository.ts';

const COUNTERS = ['users.total', 'users.admins', 'users.online', 'users.offline', 'users.deleted'] as const;

describe('users list totals from counter rows', () => {
  let t: TestApp;
  let boss: AdminPrincipal;
  let auth: { authorization: string };
  const list = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/public/users${query}`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as ListUsersResponse).data;
  };
  const realCounts = async () => {
    const result = (await t.db.execute(sql`select
        count(*) filter (where deleted_at is null)::int as "users.total",
        count(*) filter (where deleted_at is null and is_admin)::int as "users.admins",
        count(*) filter (where deleted_at is null and is_online)::int as "users.online",
        count(*) filter (where deleted_at is null and not is_online)::int as "users.offline",
        count(*) filter (where deleted_at is not null)::int as "users.deleted"
      from ${users}`)) as unknown as { rows: Record<(typeof COUNTERS)[number], number>[] };
    return result.rows[0];
  };

  beforeAll(async () => {
    t = await createTestApp();
    boss = await insertUser(t.db, { username: 'boss', isRootAdmin: true });
    auth = await t.authHeader(boss);
  });
  afterAll(() => t.close());

  it('stay equal to a real count after 200 concurrent creates, deletes, role and presence changes', async () => {
    const seeded: string[] = [];
    for (let i = 0; i < 60; i++) seeded.push((await insertUser(t.db, { username: `seed${i}` })).id);
    const bulk = (action: string, ids: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/users/bulk',
        headers: auth,
        payload: { action, user_ids: ids },
      });
    const operations = Array.from({ length: 200 }, (_, i) => {
      const target = seeded[i % seeded.length] as string;
      switch (i % 5) {
        case 0:
        case 1:
          return t.db.transaction((tx) =>
            insertUserRow(tx, {
              username: `new${i}`,
              email: `new${i}@example.test`,
              fullName: null,
              passwordHash: 'x',
              isAdmin: i % 2 === 0,
            }),
          );
        case 2:
          return bulk(i % 10 === 2 ? 'make_admin' : 'remove_admin', [target]);
        case 3:
          return t.db.execute(sql`update ${users} set is_online = not is_online where id = ${target}`);
        default:
          return bulk('delete', [target]);
      }
    });
    await Promise.all(operations);

    const counted = await readCounters(t.db, COUNTERS);
    expect(counted).toEqual(await realCounts());
    expect(counted['users.deleted']).toBeGreaterThan(0);
    expect((await list('')).total).toBe(counted['users.total']);
    expect((await list('?status=online')).total).toBe(counted['users.online']);
    expect((await list('?status=offline')).total).toBe(counted['users.offline']);
    expect((await list('?status=admin')).total).toBe(counted['users.admins']);
    expect((await list('?status=deleted')).total).toBe(counted['users.deleted']);
  });

  it('counts a search exactly up to 10,000 and flags a larger one as capped', async () => {
    await t.db.execute(sql`insert into ${users} (username, email, created_at)
      select 'crowd' || g, 'crowd' || g || '@example.test', now() - g * interval '1 second'
      from generate_series(1, 10050) g`);
    const big = await list('?search=crowd');
    expect(big).toMatchObject({ total: 10_000, total_capped: true, total_pages: 1_000 });
    expect(big.users).toHaveLength(10);
    const small = await list('?search=crowd1000');
    expect(small).toMatchObject({ total: 11, total_capped: false });
    expect(await readCounters(t.db, COUNTERS)).toEqual(await realCounts());
  });

  it('walks deep pages by cursor in the same order as page numbers', async () => {
    const byPage = [...(await list('?limit=100&page=3')).users, ...(await list('?limit=100&page=4')).users];
    let cursor = (await list('?limit=100&page=1')).next_cursor;
    cursor = (await list(`?limit=100&cursor=${cursor}`)).next_cursor;
    const third = await list(`?limit=100&cursor=${cursor}`);
    const fourth = await list(`?limit=100&cursor=${third.next_cursor}`);
    expect([...third.users, ...fourth.users].map((u) => u.id)).toEqual(byPage.map((u) => u.id));

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/public/users?cursor=nonsense',
      headers: auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});
