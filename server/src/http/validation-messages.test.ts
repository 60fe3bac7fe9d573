import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';

/** A 400 for bad input is a sentence naming the field and the limit, never the validation library's wording. */
describe('validation messages', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader(await insertUser(t.db, { username: 'words-admin', isAdmin: true }));
  });
  afterAll(() => t.close());

  const create = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/admin/notifications', headers: auth, payload });

  it.each([
    [{ title: 'x'.repeat(10_000), message: 'Hello' }, 'title', 'title must be at most 200 characters.'],
    [{ title: 'Hi', message: '' }, 'message', 'message is required.'],
    [{ message: 'Hello' }, 'title', 'title is required.'],
    [
      { title: 'Hi', message: 'Hello', priority: 'extreme' },
      'priority',
      /^priority must be one of: low, medium, high/,
    ],
    [
      { title: 'Hi', message: 'Hello', is_scheduled: 'yes' },
      'is_scheduled',
      'is_scheduled must be a boolean.',
    ],
  ])('answers bad input with a sentence naming the field (%#)', async (payload, field, sentence) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: { field: string; message: string }[] };
    expect(body.errors[0]?.field).toBe(field);
    expect(body.message).toMatch(sentence);
    expect(body.message).not.toMatch(/Too big|Too small|Invalid input|expected/);
  });

  it('keeps a message the contract wrote, after the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'someone', password: 'x'.repeat(2000) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('password: Password is too long');
  });
});
