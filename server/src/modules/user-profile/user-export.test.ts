import { USER_EXPORT_SECTIONS } from '@switchboard/contract/user-profile';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../testing/audit-rows.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { EXPORT_COVERAGE } from './user-export.ts';

describe('the per-user data export', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('covers every foreign key to users that the database holds', async () => {
    const result = await t.db.execute(sql`
      select cl.relname as table_name, att.attname as column_name
      from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any(con.conkey)
      where con.contype = 'f' and con.confrelid = 'public.users'::regclass`);
    const keys = (result as unknown as { rows: { table_name: string; column_name: string }[] }).rows.map(
      (r) => `${r.table_name}.${r.column_name}`,
    );
    expect(keys.length).toBeGreaterThan(20);
    const uncovered = keys.filter((k) => !(k in EXPORT_COVERAGE));
    expect(uncovered, 'foreign keys to users that the export leaves out').toEqual([]);
    // And no stale entry for a key that no longer exists.
    expect(Object.keys(EXPORT_COVERAGE).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('streams one JSON document with every section, without secrets, and audits the access', async () => {
    const root = await insertUser(t.db, { username: 'root', isRootAdmin: true });
    const user = await insertUser(t.db, {
      username: 'exported',
      password: 'Correct-horse-1',
      coinBalance: 40,
    });
    await t.appAuthHeader(user); // a signed-in session of the user's own
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${user.id}/notes`,
      headers: await t.authHeader(root),
      payload: { body: 'Asked for their data' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users/${user.id}/export`,
      headers: await t.authHeader(root),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toContain(`user-${user.id}.json`);
    const doc = res.json();
    expect(Object.keys(doc)).toEqual(['exported_at', 'user_id', ...USER_EXPORT_SECTIONS]);
    expect(doc.profile).toMatchObject({ id: user.id, username: 'exported' });
    expect(doc.ledger.account).toMatchObject({ balance: 40 });
    expect(doc.admin_notes.about).toEqual([expect.objectContaining({ body: 'Asked for their data' })]);
    expect(doc.sessions.length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/password_hash|passwordHash|token_hash|tokenHash|sealed/);
    const audit = (await auditRows(t.db, user.id)).find((r) => r.action === 'user.export');
    expect(audit).toMatchObject({ actorUsername: 'root', after: { data_access: 'export' } });
  });
});
