import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FACTORY_RESET_MESSAGES } from '@switchboard/contract/factory-reset';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backups } from '../../db/schema/system.ts';
import { users } from '../../db/schema/users.ts';
import { seedDemoData, seedDemoDataIfEmpty } from '../../demo/seed-demo-data.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let dataDir: string;
let root: AdminPrincipal;
let rootAuth: { authorization: string };
let adminAuth: { authorization: string };
const valid = {
  password: 'Str0ng!pass',
  admin_username: 'resetroot',
  reason: 'Wiping the staging box',
  confirm_reset: true,
};
const execute = (payload: object, headers = rootAuth) =>
  t.app.inject({ method: 'POST', url: '/api/v1/factory-reset/execute', headers, payload });

/** Each describe gets its own seeded installation, so the reset that empties it cannot reach the others. */
function seededInstallation() {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'switchboard-reset-'));
    mkdirSync(join(dataDir, 'uploads', 'images'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', 'images', 'a.png'), Buffer.alloc(1234));
    t = await createTestApp({ dataDir });
    await seedDemoData(t.db, { scale: 'test' });
    root = await insertUser(t.db, { username: 'resetroot', password: 'Str0ng!pass', isRootAdmin: true });
    const admin = await insertUser(t.db, { username: 'resetadmin', password: 'Str0ng!pass', isAdmin: true });
    rootAuth = await t.authHeader(root);
    adminAuth = await t.authHeader(admin);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

describe('factory reset: who may call it, and what it refuses', () => {
  seededInstallation();

  it('refuses non-root admins with 403 at every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/factory-reset/status'],
      ['GET', '/api/v1/factory-reset/preview'],
      ['POST', '/api/v1/factory-reset/execute'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: adminAuth,
        ...(method === 'POST' ? { payload: valid } : {}),
      });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('is available to the root admin, with a preview of real counts', async () => {
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/v1/factory-reset/status',
      headers: rootAuth,
    });
    expect(status.json()).toEqual({ success: true, available: true });
    const preview = (
      await t.app.inject({ method: 'GET', url: '/api/v1/factory-reset/preview', headers: rootAuth })
    ).json();
    expect(preview.affected_data.users).toBe(await t.db.$count(users));
    expect(preview.affected_data.uploads_directory).toMatchObject({ size_bytes: 1234, files: 1 });
    expect(preview.affected_data.databases.tables).toBeGreaterThan(10);
    expect(preview.next_steps.length).toBeGreaterThan(0);
  });

  it.each([
    ['password', { password: '' }, FACTORY_RESET_MESSAGES.passwordRequired],
    ['admin_username', { admin_username: ' ' }, FACTORY_RESET_MESSAGES.usernameRequired],
    ['reason', { reason: '   short    ' }, FACTORY_RESET_MESSAGES.reasonTooShort],
    ['confirm_reset', { confirm_reset: false }, FACTORY_RESET_MESSAGES.confirmRequired],
    ['keep_backups', { keep_backups: 'yes' }, 'keep_backups must be true or false'],
    ['admin_username', { admin_username: 'resetadmin' }, FACTORY_RESET_MESSAGES.wrongUsername],
    ['password', { password: 'Wr0ng!pass' }, FACTORY_RESET_MESSAGES.wrongPassword],
  ])('refuses a bad %s with 400 and its message', async (field, change, message) => {
    const res = await execute({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await t.db.$count(users)).toBeGreaterThan(2);
  });
});

const backupNow = async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/database/backup', headers: rootAuth });
  expect(res.statusCode).toBe(201);
};
const backupFiles = () => readdirSync(join(dataDir, 'backups')).filter((n) => n.startsWith('switchboard-'));
const preview = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/factory-reset/preview', headers: rootAuth })).json();

describe('factory reset', () => {
  seededInstallation();

  it('empties everything, backups included, ends every session and leaves only root-admin registration', async () => {
    await backupNow();
    // A partial file from a crashed backup goes too; a file that is not a backup stays.
    writeFileSync(join(dataDir, 'backups', 'switchboard-2020-01-01T00-00-00-000Z.tar.gz'), 'partial');
    writeFileSync(join(dataDir, 'backups', 'README.txt'), 'not ours');
    const before = await preview();
    expect(before.affected_data.backups).toMatchObject({ records: 1, files: 2 });
    expect(before.affected_data.backups.size_bytes).toBeGreaterThan(0);
    expect(before.next_steps.join(' ')).toMatch(/backup.*deleted, unless you choose to keep them/i);

    const res = await execute(valid);
    expect(res.statusCode).toBe(200);
    expect(await t.db.$count(users)).toBe(0);
    expect(await t.db.$count(backups)).toBe(0);
    expect(backupFiles()).toEqual([]);
    expect(readdirSync(join(dataDir, 'backups'))).toEqual(['README.txt']);
    expect(readdirSync(dataDir)).not.toContain('uploads');
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: rootAuth });
    expect(signedOut.statusCode).toBe(401);
    const registration = await t.app.inject({ method: 'GET', url: '/api/v1/admin_root_admin/status' });
    expect(registration.json()).toMatchObject({ enabled: true, existing_root_admins: 0 });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'resetroot', password: 'Str0ng!pass' },
    });
    expect(login.statusCode).toBe(401);
    // A restart with demo data on does not fill the emptied installation again.
    expect(await seedDemoDataIfEmpty(t.db, { scale: 'test' })).toBe(false);
    expect(await t.db.$count(users)).toBe(0);

    // The first visitor to register as root finds no backup of the old installation to download.
    const newRoot = await insertUser(t.db, {
      username: 'newroot',
      password: 'Str0ng!pass',
      isRootAdmin: true,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/database/backups',
      headers: await t.authHeader(newRoot),
    });
    expect(list.json().data).toEqual([]);
  });
});

describe('factory reset keeping the backups', () => {
  seededInstallation();

  it('keeps the list and the files when the root admin asks, and backs up the current state first', async () => {
    await backupNow();
    const res = await execute({ ...valid, keep_backups: true });
    expect(res.statusCode).toBe(200);
    expect(await t.db.$count(users)).toBe(0);
    expect(await t.db.$count(backups)).toBe(2);
    expect(backupFiles()).toHaveLength(2);
  });

  it('refuses with 409 and deletes nothing while a backup is running', async () => {
    const admin = await insertUser(t.db, {
      username: 'resetroot',
      password: 'Str0ng!pass',
      isRootAdmin: true,
    });
    rootAuth = await t.authHeader(admin);
    await t.db
      .insert(backups)
      .values({ filename: 'switchboard-running.dump', status: 'running', trigger: 'manual' });
    const res = await execute(valid);
    expect(res.statusCode).toBe(409);
    expect(await t.db.$count(users)).toBe(1);
    expect(await t.db.$count(backups)).toBe(3);
    expect(backupFiles()).toHaveLength(2);
  });
});
