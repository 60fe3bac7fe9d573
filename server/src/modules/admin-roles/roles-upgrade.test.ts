import { rmSync } from 'node:fs';
import type { TokenResponse } from '@switchboard/contract/auth';
import { BUILT_IN_ROLES } from '@switchboard/contract/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.ts';
import { migrationsBefore } from '../../testing/previous-migrations.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { hashPassword } from '../users/password.ts';

const PASSWORD = 'Correct-horse-1';
const template = (id: string) => BUILT_IN_ROLES.find((r) => r.id === id)?.permissions ?? [];

describe('upgrading a database from before roles', () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    folder = migrationsBefore('_admin_roles');
    const handle = await openTestDatabase({ migrationsFolder: folder });
    const hash = await hashPassword(PASSWORD);
    await handle.db.execute(sql`insert into users (id, username, email, password_hash, is_admin, is_root_admin) values
      ('r', 'old_root', 'r@x.test', ${hash}, true, true),
      ('a', 'old_admin', 'a@x.test', ${hash}, true, false),
      ('b', 'old_admin_2', 'b@x.test', ${hash}, true, false),
      ('c', 'caller', 'c@x.test', null, false, false)`);
    await runMigrations(handle);
    t = await createTestApp({}, handle);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const login = async (username: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as TokenResponse;
  };

  it('gives every existing non-root admin the Admin template; root keeps every permission with no role', async () => {
    const rows = (
      (await t.db.execute(
        sql`select username, admin_role_id from users where is_admin and not is_root_admin order by username`,
      )) as unknown as { rows: { username: string; admin_role_id: string }[] }
    ).rows;
    expect(rows).toEqual([
      { username: 'old_admin', admin_role_id: 'admin' },
      { username: 'old_admin_2', admin_role_id: 'admin' },
    ]);
    const admin = (await login('old_admin')).user;
    expect(admin.role).toEqual({ id: 'admin', name: 'Admin' });
    expect([...admin.permissions].sort()).toEqual([...template('admin')].sort());
    const root = (await login('old_root')).user;
    expect(root.role).toBeNull();
  });

  it('leaves the templates as the contract has them: Support is users and reports, with no trust & safety write', async () => {
    const rows = (
      (await t.db.execute(
        sql`select id, permissions from admin_roles where built_in order by id`,
      )) as unknown as {
        rows: { id: string; permissions: string[] }[];
      }
    ).rows;
    expect(rows.map((r) => ({ id: r.id, permissions: [...r.permissions].sort() }))).toEqual(
      [...BUILT_IN_ROLES]
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((r) => ({ id: r.id, permissions: [...r.permissions].sort() })),
    );
    expect(template('support')).toEqual(['users:read', 'users:write']);
  });
});
