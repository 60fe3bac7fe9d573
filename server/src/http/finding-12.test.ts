import { CORS_ORIGIN_MESSAGE, SETTINGS_DEFAULTS } from '@switchboard/contract/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';

const PASSWORD = 'Correct-horse-1';

/** Issue #27 finding 12: the small ones an attack run found in headers, settings and forms. */
describe('issue #27 finding 12', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: ['127.0.0.1'] });
    auth = await t.authHeader(
      await insertUser(t.db, { username: 'boss', password: PASSWORD, isRootAdmin: true }),
    );
  });
  afterAll(() => t.close());

  it('sends HSTS only over HTTPS, never over plain HTTP', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/health/simple' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health/simple',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toContain('max-age=');
  });

  it('marks token responses Cache-Control: no-store', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'boss', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(['null', 'javascript:alert(1)', '*', 'https://a.example/path'])(
    'refuses %s as a CORS origin with a field error',
    async (origin) => {
      const next = structuredClone(SETTINGS_DEFAULTS);
      next.api.cors_origins = ['https://ok.example', origin];
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings',
        headers: auth,
        payload: next,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field: 'api.cors_origins.1', message: CORS_ORIGIN_MESSAGE });
    },
  );

  it.each([
    ['no boundary', 'multipart/form-data', 'title=x'],
    [
      'a truncated body',
      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nHel',
    ],
  ])(
    'answers an official message sent with %s with a 4xx and a message, not a 500',
    async (_case, type, body) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/official-messages',
        headers: { ...auth, 'content-type': type },
        payload: body,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
    },
  );
});
