import { LOGIN_MESSAGES } from '@switchboard/contract/auth';
import { USER_PROFILE_MESSAGES, type UserProfile } from '@switchboard/contract/user-profile';
import type { ListUsersResponse } from '@switchboard/contract/users';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { auditRows } from '../../testing/audit-rows.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const PASSWORD = 'Correct-horse-1';

describe('the user page', () => {
  let t: TestApp;
  let root: AdminPrincipal;
  let viewer: AdminPrincipal;
  let support: AdminPrincipal;
  let n = 0;
  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    actor: AdminPrincipal,
    payload?: object,
  ) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: await t.authHeader(actor),
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const member = (extra: Parameters<typeof insertUser>[1] = { username: '' }) =>
    insertUser(t.db, { password: PASSWORD, ...extra, username: `member${++n}` });
  const signIn = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/app/login',
      payload: { username, password: PASSWORD },
    });
  const profile = async (id: string) =>
    (await call('GET', `/admin/users/${id}/profile`, root)).body.data as UserProfile;

  beforeAll(async () => {
    t = await createTestApp();
    root = await insertUser(t.db, { username: 'root', isRootAdmin: true });
    viewer = await insertUser(t.db, { username: 'viewer', isAdmin: true, adminRoleId: 'viewer' });
    support = await insertUser(t.db, { username: 'support', isAdmin: true, adminRoleId: 'support' });
  });
  afterAll(() => t.close());

  it('suspends with a reason: sign-in is refused, the page says why, the audit row names the admin', async () => {
    const user = await member();
    const suspended = await call('POST', `/admin/users/${user.id}/suspend`, support, {
      reason: 'Spam calls',
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body.data).toMatchObject({
      status: 'suspended',
      suspension: { reason: 'Spam calls', until: null },
    });
    expect((await signIn(user.username)).json().message).toBe(LOGIN_MESSAGES.deactivated);
    const [row] = (await auditRows(t.db, user.id)).filter((r) => r.action === 'user.suspend');
    expect(row).toMatchObject({ actorUsername: 'support', after: { suspension_reason: 'Spam calls' } });

    const again = await call('POST', `/admin/users/${user.id}/suspend`, support, { reason: 'Twice' });
    expect(again).toMatchObject({ status: 409, body: { message: USER_PROFILE_MESSAGES.alreadySuspended } });

    const back = await call('POST', `/admin/users/${user.id}/reactivate`, support);
    expect(back.body.data).toMatchObject({ status: 'active', suspension: null });
    expect((await signIn(user.username)).statusCode).toBe(200);
    expect((await auditRows(t.db, user.id)).map((r) => r.action)).toEqual([
      'user.suspend',
      'user.reactivate',
    ]);
  });

  it('lifts a suspension by itself once its end has passed', async () => {
    const user = await member();
    const until = new Date(Date.now() + 60_000).toISOString();
    await call('POST', `/admin/users/${user.id}/suspend`, support, { reason: 'Cool off', until });
    expect((await profile(user.id)).suspension).toEqual({ reason: 'Cool off', until });
    expect((await signIn(user.username)).statusCode).toBe(403);
    // The end comes: nothing runs, and yet the user is active again everywhere.
    await t.db
      .update(users)
      .set({ suspendedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.id, user.id));
    expect((await profile(user.id)).status).toBe('active');
    expect((await signIn(user.username)).statusCode).toBe(200);
    const list = (await call('GET', '/admin/public/users?status=suspended', root)).body as ListUsersResponse;
    expect(list.data.users.map((u) => u.id)).not.toContain(user.id);
  });

  it('refuses bad input with the field and the reason', async () => {
    const user = await member();
    const blank = await call('POST', `/admin/users/${user.id}/suspend`, support, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toContainEqual({
      field: 'reason',
      message: USER_PROFILE_MESSAGES.reasonRequired,
    });
    const past = await call('POST', `/admin/users/${user.id}/suspend`, support, {
      reason: 'x',
      until: '2020-01-01T00:00:00Z',
    });
    expect(past.status).toBe(400);
    expect(past.body.errors).toContainEqual({ field: 'until', message: USER_PROFILE_MESSAGES.untilPast });
    const cursor = await call('GET', `/admin/users/${user.id}/calls?cursor=nonsense`, root);
    expect(cursor.status).toBe(400);
    expect(cursor.body.errors?.[0]?.field).toBe('cursor');
    expect((await call('GET', '/admin/users/not-a-uuid/profile', root)).status).toBe(400);
    expect((await call('GET', `/admin/users/${crypto.randomUUID()}/profile`, root)).status).toBe(404);
    const self = await call('POST', `/admin/users/${support.id}/suspend`, support, { reason: 'me' });
    expect(self).toMatchObject({ status: 403, body: { message: USER_PROFILE_MESSAGES.cannotSuspendSelf } });
  });

  it('lets a viewer read the page but not act on it', async () => {
    const user = await member();
    expect((await call('GET', `/admin/users/${user.id}/profile`, viewer)).status).toBe(200);
    expect((await call('POST', `/admin/users/${user.id}/suspend`, viewer, { reason: 'x' })).status).toBe(403);
    expect((await call('POST', `/admin/users/${user.id}/notes`, viewer, { body: 'x' })).status).toBe(403);
  });

  it('restores a deleted user, who appears in the list and can sign in again', async () => {
    const user = await member();
    await call('DELETE', `/admin/users/${user.id}`, root);
    expect((await profile(user.id)).status).toBe('deleted');
    const restored = await call('POST', `/admin/users/${user.id}/restore`, support);
    expect(restored.body.data).toMatchObject({ status: 'active', deleted_at: null });
    const found = (await call('GET', `/admin/public/users?search=${user.id}`, root))
      .body as ListUsersResponse;
    expect(found.data.users.map((u) => u.id)).toEqual([user.id]);
    expect((await signIn(user.username)).statusCode).toBe(200);
    const notDeleted = await call('POST', `/admin/users/${user.id}/restore`, support);
    expect(notDeleted).toMatchObject({ status: 409, body: { message: USER_PROFILE_MESSAGES.notDeleted } });
  });

  it('keeps notes append-only with their author, newest first, paged', async () => {
    const user = await member();
    for (const body of ['first', 'second', 'third'])
      expect((await call('POST', `/admin/users/${user.id}/notes`, support, { body })).status).toBe(201);
    const page1 = (await call('GET', `/admin/users/${user.id}/notes?limit=2`, viewer)).body.data;
    expect(page1.items.map((x: { body: string }) => x.body)).toEqual(['third', 'second']);
    expect(page1.items[0].author_username).toBe('support');
    const page2 = (
      await call('GET', `/admin/users/${user.id}/notes?limit=2&cursor=${page1.next_cursor}`, viewer)
    ).body.data;
    expect(page2).toEqual({ items: [expect.objectContaining({ body: 'first' })], next_cursor: null });
    const edit = await t.db.execute(sql`update admin_notes set body = 'edited'`).catch((e: Error) => e);
    expect(String((edit as Error & { cause?: Error }).cause?.message)).toMatch(/append-only/);
  });

  it('ends every session of the user at once', async () => {
    const user = await member();
    await signIn(user.username);
    await signIn(user.username);
    const list = await call('GET', `/admin/users/${user.id}/devices`, viewer);
    expect(list.body.data.sessions).toHaveLength(2);
    const reset = await call('POST', `/admin/users/${user.id}/sessions/reset`, support);
    expect(reset.body.message).toBe(USER_PROFILE_MESSAGES.sessionsReset(2));
    expect((await call('GET', `/admin/users/${user.id}/devices`, viewer)).body.data.sessions).toHaveLength(0);
    expect((await auditRows(t.db, user.id)).map((r) => r.action)).toContain('user.sessions_reset');
    // Another admin's sessions are for an admin who manages admins.
    expect((await call('POST', `/admin/users/${viewer.id}/sessions/reset`, support)).status).toBe(403);
  });

  it('suspends and reactivates from the Users screen in bulk, and filters the suspended', async () => {
    const [a, b] = [await member(), await member()];
    const bulk = (payload: object) => call('POST', '/admin/users/bulk', support, payload);
    const noReason = await bulk({ action: 'suspend', user_ids: [a.id, b.id] });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toContainEqual({ field: 'reason', message: 'A reason is required' });
    expect((await bulk({ action: 'suspend', user_ids: [a.id, b.id], reason: 'Ring' })).body.affected).toBe(2);
    const suspended = (await call('GET', '/admin/public/users?status=suspended', root))
      .body as ListUsersResponse;
    expect(suspended.data.users.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());
    expect(suspended.data.users.every((u) => !u.is_active)).toBe(true);
    expect((await bulk({ action: 'reactivate', user_ids: [a.id, b.id] })).body.affected).toBe(2);
    expect((await profile(a.id)).status).toBe('active');
  });
});
