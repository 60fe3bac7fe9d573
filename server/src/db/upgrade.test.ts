import { rmSync } from 'node:fs';
import type { TokenResponse } from '@switchboard/contract/auth';
import type { ListUsersResponse } from '@switchboard/contract/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/users/password.ts';
import { migrationsBefore } from '../testing/previous-migrations.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { runMigrations } from './migrate.ts';

const PASSWORD = 'Correct-horse-1';

describe('upgrading a database seeded at the previous schema', () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    folder = migrationsBefore('_schema_guards');
    const handle = await openTestDatabase({ migrationsFolder: folder });
    const hash = await hashPassword(PASSWORD);
    // Data the old schema allowed: text IPs in two spellings, a duplicate like, a friendship
    // requested both ways, a self-follow.
    await handle.db.execute(sql`insert into users (id, username, email, password_hash, is_admin, is_online) values
      ('a', 'old_admin', 'a@x.test', ${hash}, true, true), ('b', 'bob', 'b@x.test', null, false, false)`);
    await handle.db.execute(
      sql`insert into login_attempts (username, ip_address, succeeded) values ('old_admin', '2001:DB8:0::1', true)`,
    );
    await handle.db.execute(sql`insert into blocked_ips (ip_address, reason) values ('203.0.113.9', 'old')`);
    await handle.db.execute(
      sql`insert into likes (user_id, target_type, target_id) values ('a', 'profile', 'b'), ('a', 'profile', 'b')`,
    );
    await handle.db.execute(
      sql`insert into friend_requests (sender_id, receiver_id) values ('a', 'b'), ('b', 'a')`,
    );
    await handle.db.execute(
      sql`insert into follows (follower_id, following_id) values ('a', 'a'), ('a', 'b')`,
    );
    await runMigrations(handle);
    t = await createTestApp({}, handle);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps signing in and listing users, with counters backfilled and old duplicates gone', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'old_admin', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token = (login.json() as TokenResponse).access_token;
    const list = async (query: string) =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/admin/public/users${query}`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).json() as ListUsersResponse
      ).data;
    expect((await list('')).total).toBe(2);
    expect((await list('?status=online')).total).toBe(1);
    expect((await list('?status=admin')).total).toBe(1);

    const [row] = (
      (await t.db.execute(sql`select
        (select count(*)::int from likes) as likes,
        (select count(*)::int from friend_requests) as requests,
        (select count(*)::int from follows) as follows,
        (select count(*)::int from login_attempts where ip_address = '2001:db8::1') as attempts,
        (select count(*)::int from blocked_ips where '203.0.113.9'::inet <<= ip_address) as blocked`)) as unknown as {
        rows: Record<string, number>[];
      }
    ).rows;
    expect(row).toEqual({ likes: 1, requests: 1, follows: 1, attempts: 1, blocked: 1 });
  });
});
