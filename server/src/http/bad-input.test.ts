import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';

/** Input the schemas accept but PostgreSQL cannot store still gets a 400 naming the problem, never a 500. */
describe('bad input the database refuses', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader(await insertUser(t.db, { username: 'input-admin', isAdmin: true }));
  });
  afterAll(() => t.close());

  it.each([
    [
      'a sign-in',
      { method: 'POST', url: '/api/v1/auth/login', payload: { username: 'ad\u0000min', password: 'x' } },
    ],
    ['a users search', { method: 'GET', url: '/api/v1/admin/public/users?search=%00' }],
    [
      'a new user',
      {
        method: 'POST',
        url: '/api/v1/admin/users',
        payload: {
          username: 'nul-user',
          email: 'nul@example.test',
          full_name: 'a\u0000b',
          password: 'Passw0rd!x',
        },
      },
    ],
  ])('answers 400 to a NUL character in %s', async (_case, request) => {
    const res = await t.app.inject({ ...request, headers: auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Text must not contain NUL characters' });
  });

  it('answers 400 to malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});
