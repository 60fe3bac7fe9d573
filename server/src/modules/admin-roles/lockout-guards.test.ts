import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE_MESSAGES } from '@switchboard/contract/admin-roles';
import { SECURITY_MESSAGES } from '@switchboard/contract/security';
import { SETTING_FLOOR_MESSAGES } from '@switchboard/contract/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertRole, insertUser, type TestApp } from '../../testing/test-app.ts';
import { backupDir } from '../database/backup-files.ts';

const ROOT_ADDRESS = '198.51.100.7';
/** Where the other admins connect from: outside every range tried below. */
const ADMIN_ADDRESS = '203.0.113.50';
const PASSWORD = 'Str0ng!pass';

/** The findings, tried by a non-root admin holding the Admin template. */
describe('guards no role removes', () => {
  let t: TestApp;
  let dataDir: string;
  let root: AdminPrincipal;
  let rootAuth: { authorization: string };
  let adminAuth: { authorization: string };
  let securityAuth: { authorization: string };
  const call = async (auth: object, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...auth },
      payload,
      remoteAddress: ADMIN_ADDRESS,
    });
    return {
      status: res.statusCode,
      body: res.headers['content-type']?.toString().includes('json') ? res.json() : null,
    };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'roles-guards-'));
    t = await createTestApp({ dataDir });
    root = await insertUser(t.db, { username: 'root', isRootAdmin: true, password: PASSWORD });
    rootAuth = await t.authHeader(root);
    // The root admin's last sign-in came from ROOT_ADDRESS.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: ROOT_ADDRESS,
      payload: { username: 'root', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    adminAuth = await t.authHeader(await insertUser(t.db, { username: 'careless', isAdmin: true }));
    const securityRole = await insertRole(t.db, 'Security desk', [
      'safety:read',
      'safety:write',
      'settings:read',
      'settings:write',
      'settings:security',
    ]);
    securityAuth = await t.authHeader(
      await insertUser(t.db, { username: 'guard', isAdmin: true, adminRoleId: securityRole }),
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a backup download to the Admin template; root may', async () => {
    const made = await call(rootAuth, 'POST', '/database/backup');
    expect(made.status).toBe(201);
    const url = `/database/backups/${made.body.data.id}/download`;
    expect(await call(adminAuth, 'GET', url)).toMatchObject({
      status: 403,
      body: { message: ROLE_MESSAGES.denied },
    });
    expect((await call(rootAuth, 'GET', url)).status).toBe(200);
  });

  it("refuses to block a signed-in root admin's last address, or a range covering it, whatever the role", async () => {
    for (const [auth, ip] of [
      [adminAuth, ROOT_ADDRESS],
      [adminAuth, '198.51.100.0/24'],
      [securityAuth, '198.51.0.0/16'],
      [securityAuth, '198.0.0.0/8'],
    ] as const) {
      expect(await call(auth, 'POST', '/security/block-ip', { ip, reason: 'test' })).toMatchObject({
        status: 403,
        body: { message: SECURITY_MESSAGES.coversRootAdmin },
      });
    }
    expect((await call(adminAuth, 'GET', '/security/blocked-ips')).body.data.blocked_ips).toEqual([]);
  });

  it('refuses ::/0 and other ranges wider than /16 or /32 without settings:security', async () => {
    for (const ip of ['::/0', '2001:db8::/31', '10.0.0.0/15']) {
      expect(await call(adminAuth, 'POST', '/security/block-ip', { ip, reason: 'test' })).toMatchObject({
        status: 403,
        body: { message: SECURITY_MESSAGES.tooWide },
      });
    }
    expect(
      (await call(adminAuth, 'POST', '/security/block-ip', { ip: '10.0.0.0/16', reason: 'test' })).status,
    ).toBe(201);
    expect(
      (await call(securityAuth, 'POST', '/security/block-ip', { ip: '10.0.0.0/8', reason: 'test' })).status,
    ).toBe(201);
  });

  it('refuses settings that cripple the service, naming the floor; root may set them', async () => {
    const { body } = await call(adminAuth, 'GET', '/admin/settings');
    const settings = body.data;
    const slow = { ...settings, api: { ...settings.api, rate_limit_requests: 1, rate_limit_window: 86_400 } };
    expect(await call(adminAuth, 'PUT', '/admin/settings', slow)).toMatchObject({
      status: 400,
      body: { message: SETTING_FLOOR_MESSAGES.apiRate },
    });
    const oneTry = { ...settings, security: { ...settings.security, max_login_attempts: 1 } };
    expect(await call(adminAuth, 'PUT', '/admin/settings', oneTry)).toMatchObject({
      status: 400,
      body: { message: SETTING_FLOOR_MESSAGES.loginAttempts },
    });
    expect((await call(adminAuth, 'GET', '/admin/settings')).body.data).toEqual(settings);

    expect(
      (await call(adminAuth, 'PUT', '/security/settings', { login_attempts_per_minute: 1 })).status,
    ).toBe(403);
    expect(
      await call(securityAuth, 'PUT', '/security/settings', { login_attempts_per_minute: 1 }),
    ).toMatchObject({
      status: 400,
      body: { message: SETTING_FLOOR_MESSAGES.loginRate },
    });
    expect((await call(rootAuth, 'PUT', '/admin/settings', oneTry)).status).toBe(200);
    await call(rootAuth, 'PUT', '/admin/settings', settings);
  });

  it('keeps the last N backups: a new one deletes the oldest file and row', async () => {
    const { body } = await call(rootAuth, 'GET', '/admin/settings');
    const keep2 = { ...body.data, database: { ...body.data.database, backup_keep_last: 2 } };
    expect((await call(rootAuth, 'PUT', '/admin/settings', keep2)).status).toBe(200);
    const made: { id: string; filename: string }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await call(rootAuth, 'POST', '/database/backup');
      expect(res.status).toBe(201);
      made.push(res.body.data);
    }
    const listed = (await call(rootAuth, 'GET', '/database/backups')).body.data as { id: string }[];
    expect(listed.map((b) => b.id)).toEqual([made[2]?.id, made[1]?.id]);
    expect(existsSync(join(backupDir({ dataDir }), made[0]?.filename ?? ''))).toBe(false);
    expect(existsSync(join(backupDir({ dataDir }), made[2]?.filename ?? ''))).toBe(true);
  });
});
