import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { auditRows } from '../../testing/audit-rows.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { userStates } from './testing/user-states.ts';

/**
 * Every users change and its audit row commit together. A trigger makes the audit insert fail, which
 * happens after the change itself was written: if the audit row were written outside the change's
 * transaction (or after its commit), the change would survive here.
 */
describe('users changes are all-or-nothing with their audit row', () => {
  let t: TestApp;
  let admin: AdminPrincipal;
  let member: AdminPrincipal;

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`
      create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused for the test'; end $$`);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.execute(sql`truncate audit_log`);
    await t.db.delete(users);
    admin = await insertUser(t.db, { username: 'admin', isAdmin: true, isRootAdmin: true });
    member = await insertUser(t.db, { username: 'member' });
    await t.db.execute(sql`
      create trigger audit_refused before insert on audit_log for each row execute function refuse_audit()`);
  });
  afterEach(async () => {
    await t.db.execute(sql`drop trigger if exists audit_refused on audit_log`);
  });

  const send = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: await t.authHeader(admin), payload });

  const cases: [string, () => ReturnType<typeof send>][] = [
    [
      'create',
      () =>
        send('POST', '/admin/users', {
          username: 'newbie',
          email: 'newbie@example.test',
          password: 'Str0ng!pass',
        }),
    ],
    ['toggle admin', () => send('PATCH', `/admin/users/${member.id}/admin`, { is_admin: true })],
    ['delete', () => send('DELETE', `/admin/users/${member.id}`)],
    [
      'bulk make admin',
      () => send('POST', '/admin/users/bulk', { action: 'make_admin', user_ids: [member.id] }),
    ],
    ['bulk delete', () => send('POST', '/admin/users/bulk', { action: 'delete', user_ids: [member.id] })],
  ];

  it.each(cases)('%s leaves nothing behind when its audit row cannot be written', async (_name, run) => {
    const before = await userStates(t.db);
    const res = await run();
    expect(res.statusCode).toBe(500);
    expect(await userStates(t.db)).toEqual(before);
    await t.db.execute(sql`drop trigger audit_refused on audit_log`);
    expect(await auditRows(t.db)).toEqual([]);
  });

  it('the same requests succeed once the audit log accepts rows again', async () => {
    await t.db.execute(sql`drop trigger audit_refused on audit_log`);
    const res = await send('PATCH', `/admin/users/${member.id}/admin`, { is_admin: true });
    expect(res.statusCode).toBe(200);
    expect(await auditRows(t.db, member.id)).toHaveLength(1);
  });
});
