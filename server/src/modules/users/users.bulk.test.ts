import { USER_RULE_MESSAGES } from '@switchboard/contract/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { auditRows } from '../../testing/audit-rows.ts';
import { createTestApp, insertAdminManagerRole, insertUser, type TestApp } from '../../testing/test-app.ts';
import { userStates } from './testing/user-states.ts';

describe('POST /admin/users/bulk', () => {
  let t: TestApp;
  let root: AdminPrincipal;
  let admin: AdminPrincipal;
  let members: AdminPrincipal[];
  const bulk = async (actor: AdminPrincipal, action: string, userIds: string[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users/bulk',
      headers: await t.authHeader(actor),
      payload: { action, user_ids: userIds },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const ids = (...principals: AdminPrincipal[]) => principals.map((p) => p.id);

  /** Runs a request that must be refused and proves it changed nothing at all. */
  const expectRefused = async (run: () => Promise<{ status: number; body: { message: string } }>) => {
    const before = await userStates(t.db);
    const result = await run();
    expect(await userStates(t.db)).toEqual(before);
    expect(await auditRows(t.db)).toEqual([]);
    return result;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // The audit log refuses DELETE (append-only); TRUNCATE is the test's way to start clean.
    await t.db.execute(sql`truncate audit_log`);
    await t.db.delete(users);
    root = await insertUser(t.db, { username: 'root', isRootAdmin: true });
    // Making and removing admins needs admins:manage.
    admin = await insertUser(t.db, {
      username: 'admin',
      isAdmin: true,
      adminRoleId: await insertAdminManagerRole(t.db),
    });
    members = [];
    for (const name of ['ann', 'ben', 'cat']) members.push(await insertUser(t.db, { username: name }));
  });

  it('makes several users admin, one audit row each', async () => {
    const { status, body } = await bulk(admin, 'make_admin', ids(...members));
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: '3 users made admin', affected: 3 });
    expect((await userStates(t.db)).filter((u) => u.isAdmin).map((u) => u.username)).toEqual([
      'admin',
      'ann',
      'ben',
      'cat',
      'root',
    ]);
    const entries = await auditRows(t.db);
    expect(entries).toHaveLength(3);
    expect(entries.every((e) => e.action === 'user.set_admin' && e.actorId === admin.id)).toBe(true);
  });

  it('counts and audits only the users that actually change', async () => {
    const [ann] = members;
    const { body } = await bulk(root, 'make_admin', [admin.id, ann?.id ?? '']);
    expect(body.affected).toBe(1);
    expect((await auditRows(t.db)).map((e) => e.targetId)).toEqual([ann?.id]);
  });

  it('removes admin rights from several users', async () => {
    await bulk(root, 'make_admin', ids(...members));
    const { status, body } = await bulk(admin, 'remove_admin', ids(...members));
    expect(status).toBe(200);
    expect(body.affected).toBe(3);
    expect((await userStates(t.db)).filter((u) => u.isAdmin).map((u) => u.username)).toEqual([
      'admin',
      'root',
    ]);
  });

  it('deletes several users and audits each with its last state', async () => {
    const { status, body } = await bulk(admin, 'delete', ids(...members));
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: '3 users deleted', affected: 3 });
    expect((await userStates(t.db)).map((u) => u.username)).toEqual(['admin', 'root']);
    const entries = await auditRows(t.db);
    expect(entries.map((e) => [e.action, (e.before as { username: string }).username, e.after])).toEqual(
      expect.arrayContaining([
        ['user.delete', 'ann', null],
        ['user.delete', 'ben', null],
        ['user.delete', 'cat', null],
      ]),
    );
  });

  it('changes nothing when the selection includes yourself', async () => {
    const deleting = await expectRefused(() => bulk(admin, 'delete', ids(...members, admin)));
    expect(deleting).toMatchObject({ status: 403, body: { message: USER_RULE_MESSAGES.cannotDeleteSelf } });
    const demoting = await expectRefused(() => bulk(admin, 'remove_admin', ids(admin)));
    expect(demoting).toMatchObject({ status: 403, body: { message: USER_RULE_MESSAGES.cannotDemoteSelf } });
  });

  it('changes nothing when some ids are unknown, and says how many', async () => {
    const unknown = [crypto.randomUUID(), crypto.randomUUID()];
    const result = await expectRefused(() => bulk(admin, 'delete', [...ids(...members), ...unknown]));
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({
      message: '2 of the selected users were not found',
      detail: `Not found: ${unknown.join(', ')}`,
    });
  });

  it('never removes admin rights from a root admin', async () => {
    await bulk(root, 'make_admin', ids(admin));
    const result = await expectRefused(() => bulk(admin, 'remove_admin', ids(root, ...members)));
    expect(result).toMatchObject({
      status: 409,
      body: { message: USER_RULE_MESSAGES.rootAdminIsAlwaysAdmin },
    });
  });

  it('never deletes the last root admin', async () => {
    const result = await expectRefused(() => bulk(admin, 'delete', ids(root, ...members)));
    expect(result).toMatchObject({ status: 409, body: { message: USER_RULE_MESSAGES.lastRootAdmin } });
  });

  it('lets only a root admin delete another root admin', async () => {
    const second = await insertUser(t.db, { username: 'root2', isRootAdmin: true });
    const byAdmin = await expectRefused(() => bulk(admin, 'delete', ids(second)));
    expect(byAdmin).toMatchObject({ status: 403, body: { message: USER_RULE_MESSAGES.onlyRootDeletesRoot } });
    expect((await bulk(root, 'delete', ids(second))).status).toBe(200);
  });

  it('keeps one root admin when two root admins delete each other at the same moment', async () => {
    // A race is not certain to interleave on one try; a few rounds make a missing lock show up.
    let survivor = root;
    for (let round = 0; round < 5; round++) {
      const other = await insertUser(t.db, { username: `root-${round}`, isRootAdmin: true });
      const results = await Promise.all([
        bulk(survivor, 'delete', ids(other)),
        bulk(other, 'delete', ids(survivor)),
      ]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const roots = (await userStates(t.db)).filter((u) => u.isRootAdmin);
      expect(roots).toHaveLength(1);
      survivor = roots[0]?.id === other.id ? other : survivor;
    }
  });

  it.each([
    [{ action: 'promote', user_ids: ['00000000-0000-4000-8000-000000000000'] }, 'action'],
    [{ action: 'delete', user_ids: [] }, 'user_ids'],
    [{ action: 'delete', user_ids: ['nope'] }, 'user_ids.0'],
    [{ action: 'delete', user_ids: Array.from({ length: 101 }, () => crypto.randomUUID()) }, 'user_ids'],
  ])('rejects a malformed request with 400 naming the field (%#)', async (payload, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users/bulk',
      headers: await t.authHeader(admin),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field })]);
  });
});
