import { SETTINGS_DEFAULTS, SETTINGS_MESSAGES, type Settings } from '@switchboard/contract/settings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testDatabaseKind } from '../../config.ts';
import { auditLog } from '../../db/schema/security.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

/** What GET answers: the environment is the test server's APP_ENV, whatever a save sent. */
const inForce = (s: Settings): Settings => ({ ...s, app: { ...s.app, environment: 'development' } });

describe('system settings', () => {
  let t: TestApp;
  let admin: AdminPrincipal;
  let auth: { authorization: string };
  let rootAuth: { authorization: string };
  const put = (payload: unknown, headers = auth) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers, payload: payload as object });
  const save = async (change: (s: Settings) => void, headers = auth) => {
    const next = structuredClone(SETTINGS_DEFAULTS);
    change(next);
    const res = await put(next, headers);
    expect(res.statusCode).toBe(200);
  };
  const ping = (remoteAddress = '10.1.1.1') =>
    t.app.inject({ method: 'GET', url: '/api/v1/app/ping', remoteAddress });
  const read = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: auth })).json()
      .data as Settings;
  const auditCount = async () =>
    (await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'))).length;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await insertUser(t.db, { username: 'settingsadmin', password: 'Str0ng!pass', isAdmin: true });
    auth = await t.authHeader(admin);
    // Limits below the lock-out floors are root's to set (setting-floors.ts).
    rootAuth = await t.authHeader(await insertUser(t.db, { username: 'floors-root', isRootAdmin: true }));
  });
  afterAll(() => t.close());

  describe('on a database of its own, as the other tests here save settings', () => {
    let fresh: TestApp;
    beforeAll(async () => {
      fresh = await createTestApp();
    });
    afterAll(() => fresh.close());

    it('returns the defaults before anything is saved, and refuses anonymous callers', async () => {
      const headers = await fresh.authHeader(
        await insertUser(fresh.db, { username: 'freshadmin', isAdmin: true }),
      );
      const res = await fresh.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers });
      expect(res.json()).toEqual({ success: true, data: inForce(SETTINGS_DEFAULTS) });
      expect((await fresh.app.inject({ method: 'GET', url: '/api/v1/admin/settings' })).statusCode).toBe(401);
    });
  });

  it('saves the whole object, reads it back and audits the change', async () => {
    const next = structuredClone(SETTINGS_DEFAULTS);
    next.app.name = 'Renamed';
    next.api.cors_origins = ['https://a.example', 'https://b.example'];
    const audits = await auditCount();
    const res = await put(next);
    expect(res.json()).toMatchObject({
      success: true,
      message: SETTINGS_MESSAGES.saved,
      data: inForce(next),
    });
    expect(await read()).toEqual(inForce(next));
    expect(await auditCount()).toBe(audits + 1);
  });

  it('names every bad field in one 400 and changes nothing', async () => {
    await save((s) => {
      s.app.name = 'Before the bad save';
    });
    const before = await read();
    const audits = await auditCount();
    const bad = {
      ...SETTINGS_DEFAULTS,
      security: { ...SETTINGS_DEFAULTS.security, session_timeout: 2.5 },
      api: { ...SETTINGS_DEFAULTS.api, rate_limit_requests: 0 },
      app: { ...SETTINGS_DEFAULTS.app, debug_mode: 'yes' },
    };
    const res = await put(bad);
    expect(res.statusCode).toBe(400);
    const fields = (res.json().errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['security.session_timeout', 'api.rate_limit_requests', 'app.debug_mode']),
    );
    expect(await read()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('only a root admin may change the root admin settings, which decide who can register as root', async () => {
    const before = await read();
    const reopen = structuredClone(SETTINGS_DEFAULTS);
    reopen.root_admin = {
      auto_disable_after_creation: false,
      require_strong_password: false,
      max_root_admins: 5,
    };
    const refused = await put(reopen);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([{ field: 'root_admin', message: SETTINGS_MESSAGES.rootOnly }]);
    expect(await read()).toEqual(before);

    const root = await insertUser(t.db, {
      username: 'settingsroot',
      password: 'Str0ng!pass',
      isRootAdmin: true,
    });
    const rootAuth = await t.authHeader(root);
    const asRoot = (rootAdmin: Settings['root_admin']) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings',
        headers: rootAuth,
        payload: { ...before, root_admin: rootAdmin },
      });
    expect((await asRoot(reopen.root_admin)).statusCode).toBe(200);
    expect((await read()).root_admin).toEqual(reopen.root_admin);
    // Put back, so the other tests here save as a plain admin again.
    expect((await asRoot(SETTINGS_DEFAULTS.root_admin)).statusCode).toBe(200);
  });

  it('maintenance mode closes the app API on the next request while the console keeps working', async () => {
    expect((await ping()).statusCode).toBe(200);
    await save((s) => {
      s.app.maintenance_mode = true;
    });
    const closed = await ping();
    expect(closed.statusCode).toBe(503);
    expect(closed.json().message).toBe(SETTINGS_MESSAGES.maintenance);
    const console = await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: auth });
    expect(console.statusCode).toBe(200);
    await save(() => {});
    expect((await ping()).statusCode).toBe(200);
  });

  it('debug mode saved before a restart is in force once the restarted server is ready', async () => {
    await save((s) => {
      s.app.debug_mode = true;
    });
    const deps = { ...t.deps, config: { ...t.deps.config, logLevel: 'info' as const } };
    const restarted = await buildApp(deps, { logger: { level: 'info', stream: { write: () => {} } } });
    try {
      await restarted.ready();
      expect(restarted.log.level).toBe('debug');
    } finally {
      await restarted.close();
      await save(() => {});
    }
  });

  it('a lowered rate limit is felt at once, per IP, and leaves signed-in admins to their own budget', async () => {
    await save((s) => {
      s.api.rate_limit_requests = 3;
      s.api.rate_limit_window = 120;
    }, rootAuth);
    // An address no other test here calls from, so its budget starts untouched.
    const codes = [];
    for (let i = 0; i < 4; i += 1) codes.push((await ping('10.3.3.3')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await ping('10.2.2.2')).statusCode).toBe(200);
    const adminCodes = [];
    for (let i = 0; i < 10; i += 1)
      adminCodes.push(
        (await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: auth })).statusCode,
      );
    expect(adminCodes.every((c) => c === 200)).toBe(true);
    await save((s) => {
      s.api.rate_limit_enabled = false;
    });
    expect((await ping('10.3.3.3')).statusCode).toBe(200);
  });

  it('CORS answers only the configured origins while it is on', async () => {
    const preflight = () =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/app/ping',
        headers: { origin: 'https://a.example', 'access-control-request-method': 'GET' },
      });
    await save((s) => {
      s.api.cors_enabled = false;
      s.api.cors_origins = ['https://a.example'];
    });
    expect((await preflight()).headers['access-control-allow-origin']).toBeUndefined();
    await save((s) => {
      s.api.cors_enabled = true;
      s.api.cors_origins = ['https://a.example'];
    });
    const res = await preflight();
    expect(res.headers['access-control-allow-origin']).toBe('https://a.example');
    expect(res.headers['access-control-max-age']).toBe('86400');
  });

  it('the session timeout is the lifetime of the next access token', async () => {
    await save((s) => {
      s.security.session_timeout = 5;
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'settingsadmin', password: 'Str0ng!pass' },
    });
    expect(res.json().expires_in).toBe(300);
  });

  it('new passwords must meet the saved minimum length', async () => {
    await save((s) => {
      s.security.password_min_length = 14;
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: auth,
      payload: { username: 'newperson', email: 'newperson@example.test', password: 'Str0ng!pass' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password must be at least 14 characters');
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'pool size and query timeout govern the next PostgreSQL connection, and maintenance still runs',
    async () => {
      const pool = t.deps.database.pool;
      if (!pool) throw new Error('expected a pg pool');
      // Below the floors, so root saves it (setting-floors.ts).
      await save((s) => {
        s.database.connection_pool_size = 3;
        s.database.query_timeout = 1;
      }, rootAuth);
      // Retire the connections opened before the change: the next one is new.
      const open = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
      for (const client of open) client.release(true);

      const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
      const first = clients[0];
      if (!first) throw new Error('no client');
      expect((await first.query('show statement_timeout')).rows[0].statement_timeout).toBe('1s');
      await expect(first.query('select pg_sleep(2)')).rejects.toThrow(/statement timeout/);
      // A fourth caller waits: the pool is capped at three.
      const fourth = pool.connect();
      const waited = await Promise.race([
        fourth.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 300)),
      ]);
      expect(waited).toBe(true);
      for (const client of clients) client.release();
      (await fourth).release();

      const vacuum = await t.app.inject({ method: 'POST', url: '/api/v1/database/vacuum', headers: auth });
      expect(vacuum.statusCode).toBe(200);
      const back = await pool.connect();
      expect((await back.query('show statement_timeout')).rows[0].statement_timeout).toBe('1s');
      back.release();
    },
  );
});
