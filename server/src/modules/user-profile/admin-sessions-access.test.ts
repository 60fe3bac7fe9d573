import { USER_PROFILE_MESSAGES } from '@switchboard/contract/user-profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertAdminManagerRole, insertUser, type TestApp } from '../../testing/test-app.ts';

/** Attack review #46, finding 5: Viewer and Support read root's and every admin's sessions with their addresses. */
describe("another admin's sessions, on the user page and in the export", () => {
  let t: TestApp;
  let root: AdminPrincipal;
  let colleague: AdminPrincipal;
  let appUser: AdminPrincipal;
  let viewerAuth: { authorization: string };
  let supportAuth: { authorization: string };
  let managerAuth: { authorization: string };
  let rootAuth: { authorization: string };
  const get = async (auth: object, url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...auth } });
    return { status: res.statusCode, body: res.body };
  };

  beforeAll(async () => {
    t = await createTestApp();
    root = await insertUser(t.db, { username: 'root', isRootAdmin: true });
    rootAuth = await t.authHeader(root);
    colleague = await insertUser(t.db, { username: 'colleague', isAdmin: true });
    await t.authHeader(colleague);
    appUser = await insertUser(t.db, { username: 'caller' });
    await t.appAuthHeader(appUser);
    viewerAuth = await t.authHeader(
      await insertUser(t.db, { username: 'viewer', isAdmin: true, adminRoleId: 'viewer' }),
    );
    supportAuth = await t.authHeader(
      await insertUser(t.db, { username: 'support', isAdmin: true, adminRoleId: 'support' }),
    );
    managerAuth = await t.authHeader(
      await insertUser(t.db, {
        username: 'manager',
        isAdmin: true,
        adminRoleId: await insertAdminManagerRole(t.db),
      }),
    );
  });
  afterAll(() => t.close());

  it('refuses the sessions of root and of other admins to a role without admins:manage', async () => {
    for (const auth of [viewerAuth, supportAuth]) {
      for (const target of [root, colleague]) {
        const res = await get(auth, `/admin/users/${target.id}/devices`);
        expect(res.status).toBe(403);
        expect(res.body).not.toContain('127.0.0.1');
      }
      expect(JSON.parse((await get(auth, `/admin/users/${colleague.id}/devices`)).body).message).toBe(
        USER_PROFILE_MESSAGES.adminSessionsHidden,
      );
    }
  });

  it("still shows an app user's sessions, and an admin's to admins:manage (root's to root)", async () => {
    const app = await get(viewerAuth, `/admin/users/${appUser.id}/devices`);
    expect(app.status).toBe(200);
    expect(JSON.parse(app.body).data.sessions).toHaveLength(1);
    expect((await get(managerAuth, `/admin/users/${colleague.id}/devices`)).status).toBe(200);
    expect((await get(managerAuth, `/admin/users/${root.id}/devices`)).status).toBe(403);
    expect((await get(rootAuth, `/admin/users/${root.id}/devices`)).status).toBe(200);
  });

  it('refuses the export of an admin, which holds their sessions, to a role without admins:manage', async () => {
    const refused = await get(viewerAuth, `/admin/users/${colleague.id}/export`);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).message).toBe(USER_PROFILE_MESSAGES.adminExportDenied);
    expect((await get(viewerAuth, `/admin/users/${root.id}/export`)).status).toBe(403);
    expect((await get(viewerAuth, `/admin/users/${appUser.id}/export`)).status).toBe(200);
    expect((await get(managerAuth, `/admin/users/${colleague.id}/export`)).status).toBe(200);
  });
});
