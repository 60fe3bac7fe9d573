import { ONE_TIME_CODE, TWO_FACTOR_MESSAGES } from '@switchboard/contract/two-factor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OneTimeCodeMessage } from '../../app-deps.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

/** Attack review #46, finding 10: 40 requests from 5 addresses sent 40 codes to one account. */
describe('one-time sign-in codes', () => {
  let t: TestApp;
  const sent: OneTimeCodeMessage[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    t.deps.codeSender = { send: async (m) => void sent.push(m) };
    await insertUser(t.db, { username: 'target', password: 'Correct-horse-1' });
    await insertUser(t.db, { username: 'bystander', password: 'Correct-horse-1' });
  });
  afterAll(() => t.close());
  const request = (username: string, from: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/request-otp',
      payload: { username },
      remoteAddress: from,
    });
  const sentTo = (username: string) => sent.filter((m) => m.username === username).length;

  it('sends one account at most its cap, whatever the addresses, with the same answer throughout', async () => {
    for (let i = 0; i < 40; i += 1) {
      const res = await request('target', `198.51.100.${i % 5}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: TWO_FACTOR_MESSAGES.codeSent });
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(sentTo('target')).toBe(ONE_TIME_CODE.maxPerAccount);
    // Another account is not held back by it.
    expect((await request('bystander', '198.51.100.200')).statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sentTo('bystander')).toBe(1);
  });

  it('caps one address too: past its budget it gets 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) statuses.push((await request(`nobody-${i}`, '203.0.113.9')).statusCode);
    expect(statuses).toContain(429);
  });
});
