import { readFileSync } from 'node:fs';
import { APP_VERSION } from '@switchboard/contract/app-info';
import { SETTINGS_DEFAULTS, type Settings } from '@switchboard/contract/settings';
import { FIXED_SETTINGS, fixedValue } from '@switchboard/contract/settings-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

/** A value other than the only one a refused field accepts. */
const otherThan = (value: unknown) => (typeof value === 'boolean' ? !value : 'daily');

describe('settings that cannot change, and settings that take effect at once', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const put = (payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: auth, payload: payload as object });
  const read = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: auth })).json()
      .data as Settings;
  const save = async (change: (s: Settings) => void) => {
    const next = structuredClone(SETTINGS_DEFAULTS);
    change(next);
    expect((await put(next)).statusCode).toBe(200);
  };
  const config = async () => (await t.app.inject({ method: 'GET', url: '/config.json' })).json();

  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader(await insertUser(t.db, { username: 'fixed-admin', isAdmin: true }));
  });
  afterAll(() => t.close());

  it.each(FIXED_SETTINGS.filter((f) => f.kind === 'refused'))(
    'refuses $path set to anything but its only value, naming the field and the reason',
    async (field) => {
      const before = await read();
      const next = structuredClone(SETTINGS_DEFAULTS) as unknown as Record<string, Record<string, unknown>>;
      (next[field.section] as Record<string, unknown>)[field.key] = otherThan(fixedValue(field));
      const res = await put(next);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: field.path, message: field.reason }]);
      expect(await read()).toEqual(before);
    },
  );

  it('answers CSRF and XSS protection always on, and no e-mail or SMS channel', async () => {
    const { security, notifications } = await read();
    expect(security).toMatchObject({ enable_csrf_protection: true, enable_xss_protection: true });
    expect(notifications).toMatchObject({
      email_notifications: false,
      sms_notifications: false,
      notification_frequency: 'immediate',
    });
  });

  it('takes the version from the build and the environment from APP_ENV, whatever a save sends', async () => {
    await save((s) => {
      s.app.version = '9.9.9';
      s.app.environment = 'staging';
    });
    expect((await read()).app).toMatchObject({ version: APP_VERSION, environment: 'development' });
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(APP_VERSION).toBe(pkg.version);
  });

  it('sends the Content Security Policy report-only while it is turned off, enforced again when on', async () => {
    const headers = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/health' })).headers;
    expect(await headers()).toHaveProperty('content-security-policy');
    await save((s) => {
      s.security.enable_content_security_policy = false;
    });
    const off = await headers();
    expect(off).not.toHaveProperty('content-security-policy');
    expect(off['content-security-policy-report-only']).toContain("script-src 'self'");
    await save(() => undefined);
    expect(await headers()).toHaveProperty('content-security-policy');
    expect(await headers()).not.toHaveProperty('content-security-policy-report-only');
  });

  it('gives /config.json the saved App Name and password length without a restart', async () => {
    expect((await config()).app.name).toBe(SETTINGS_DEFAULTS.app.name);
    await save((s) => {
      s.app.name = 'Acme Calls';
      s.security.password_min_length = 14;
    });
    const after = await config();
    expect(after.app).toMatchObject({ name: 'Acme Calls', version: APP_VERSION });
    expect(after.accounts).toEqual({ password_min_length: 14 });

    const tooShort = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: auth,
      payload: { username: 'short-pass', email: 'short@example.com', password: 'Abcdef1!xyz' },
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().errors).toEqual([
      { field: 'password', message: 'Password must be at least 14 characters' },
    ]);
  });
});
