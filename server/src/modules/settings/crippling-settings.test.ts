import { SETTING_FLOOR_MESSAGES } from '@switchboard/contract/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

/** Attack review #46, finding 8: any Admin-role holder could save settings that cripple the system. */
describe('database settings that cripple the system', () => {
  let t: TestApp;
  let rootAuth: { authorization: string };
  let adminAuth: { authorization: string };
  const call = async (auth: object, method: 'GET' | 'PUT', payload?: object) => {
    const res = await t.app.inject({ method, url: '/api/v1/admin/settings', headers: { ...auth }, payload });
    return { status: res.statusCode, body: res.json() };
  };
  beforeAll(async () => {
    t = await createTestApp();
    rootAuth = await t.authHeader(await insertUser(t.db, { username: 'root', isRootAdmin: true }));
    adminAuth = await t.authHeader(await insertUser(t.db, { username: 'admin-role', isAdmin: true }));
  });
  afterAll(() => t.close());

  it.each([
    ['query_timeout', SETTING_FLOOR_MESSAGES.queryTimeout],
    ['connection_pool_size', SETTING_FLOOR_MESSAGES.poolSize],
    ['backup_keep_last', SETTING_FLOOR_MESSAGES.backupKeepLast],
  ])(
    'refuses %s=1 from a non-root admin, naming the field and the floor; root may',
    async (field, message) => {
      const settings = (await call(rootAuth, 'GET')).body.data;
      const crippled = { ...settings, database: { ...settings.database, [field]: 1 } };
      const refused = await call(adminAuth, 'PUT', crippled);
      expect(refused).toMatchObject({ status: 400, body: { message } });
      expect(refused.body.errors).toEqual([expect.objectContaining({ field: `database.${field}` })]);
      expect((await call(rootAuth, 'GET')).body.data).toEqual(settings);

      expect((await call(rootAuth, 'PUT', crippled)).status).toBe(200);
      // A value root set below the floor may stay while the admin changes something else.
      const other = {
        ...crippled,
        database: { ...crippled.database, auto_backup: !crippled.database.auto_backup },
      };
      expect((await call(adminAuth, 'PUT', other)).status).toBe(200);
      expect((await call(rootAuth, 'PUT', settings)).status).toBe(200);
    },
  );
});
