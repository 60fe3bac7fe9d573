import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';

describe('an address the database cannot store as inet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1 });
    await insertUser(t.db, { username: 'alice', password: 'Correct-horse-1', isAdmin: true });
  });
  afterAll(() => t.close());

  it('is answered with a 400 and a message, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'x-forwarded-for': 'not-an-ip' },
      payload: { username: 'alice', password: 'Wrong-password-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'A value is not in the expected format' });
  });
});
