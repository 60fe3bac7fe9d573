import { ACCOUNT_MESSAGES, APP_LIMITS } from '@switchboard/contract/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { appApi, countRows } from './testing/app-api.ts';

describe('the spec’s 100 API requests a minute per user', () => {
  let t: TestApp;
  let api: ReturnType<typeof appApi>;
  beforeAll(async () => {
    t = await createTestApp();
    api = appApi(t);
  });
  afterAll(() => t.close());

  it('answers the 101st request of a minute 429 with Retry-After, writing nothing, whatever the address', async () => {
    const busy = await insertUser(t.db, { username: 'busy-app' });
    const target = await insertUser(t.db, { username: 'liked-one' });
    const auth = await t.appAuthHeader(busy);
    for (let i = 0; i < APP_LIMITS.apiRequestsPerMinute; i++)
      expect((await api('GET', '/users/me', auth)).statusCode).toBe(200);

    const over = await api('POST', '/users/likes', auth, { target_type: 'profile', target_id: target.id });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(ACCOUNT_MESSAGES.tooManyRequests);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const report = await api('POST', '/users/reports', auth, {
      user_id: target.id,
      report_type: 'spam',
      reason: 'Spam',
    });
    expect(report.statusCode).toBe(429);
    expect(await countRows(t, 'likes')).toBe(0);
    expect(await countRows(t, 'user_reports')).toBe(0);

    // Another user's budget is their own.
    const calm = await t.appAuthHeader(await insertUser(t.db, { username: 'calm-app' }));
    const liked = await api('POST', '/users/likes', calm, { target_type: 'profile', target_id: target.id });
    expect(liked.statusCode).toBe(201);
  });
});
