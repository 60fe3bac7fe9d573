import { namedEndpoints } from '@switchboard/contract/api-catalog';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';

/** Fields that hold a secret: an answer with one must not be kept by a browser or proxy. */
const SECRET_FIELDS = ['access_token', 'refresh_token', 'secret', 'otpauth_url', 'qr_svg', 'recovery_codes'];

function propertyNames(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const part of schema) propertyNames(part, found);
  else if (schema && typeof schema === 'object')
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value && typeof value === 'object')
        for (const name of Object.keys(value)) found.add(name);
      propertyNames(value, found);
    }
  return found;
}

/** Attack review #46, finding 9: the TOTP enrolment secret and the recovery codes were cacheable. */
describe('answers that carry a secret', () => {
  it('are declared secret in the contract, every one of them', () => {
    const unmarked = namedEndpoints()
      .filter(({ endpoint }) => !endpoint.file && !endpoint.secret)
      .filter(({ endpoint }) => {
        const schema = z.toJSONSchema(endpoint.response as z.ZodType, {
          unrepresentable: 'any',
          io: 'output',
        });
        return SECRET_FIELDS.some((field) => propertyNames(schema).has(field));
      })
      .map(({ name }) => name);
    expect(unmarked).toEqual([]);
  });

  describe('on the wire', () => {
    let t: TestApp;
    const PASSWORD = 'Correct-horse-1';
    beforeAll(async () => {
      t = await createTestApp();
      await insertUser(t.db, { username: 'enrolling', isAdmin: true, password: PASSWORD });
    });
    afterAll(() => t.close());
    const post = (url: string, payload: object, token?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        payload,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    it('sends the tokens, the authenticator secret and the recovery codes with no-store', async () => {
      const login = await post('/auth/login', { username: 'enrolling', password: PASSWORD });
      expect(login.headers['cache-control']).toBe('no-store');
      const token = login.json().access_token as string;

      const start = await post('/account/two-factor/totp', {}, token);
      expect(start.statusCode).toBe(200);
      expect(start.headers['cache-control']).toBe('no-store');
      const { secret } = start.json().data;
      const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
      const confirm = await post('/account/two-factor/totp/confirm', { code }, token);
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json().data.recovery_codes.length).toBeGreaterThan(0);
      expect(confirm.headers['cache-control']).toBe('no-store');

      const again = await post('/account/two-factor/recovery-codes', { password: PASSWORD }, token);
      expect(again.statusCode).toBe(200);
      expect(again.headers['cache-control']).toBe('no-store');
    });

    it('leaves answers without a secret cacheable as before', async () => {
      const status = await t.app.inject({ method: 'GET', url: '/api/v1/admin_root_admin/status' });
      expect(status.headers['cache-control']).toBeUndefined();
    });
  });
});
