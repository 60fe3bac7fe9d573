import { CLIENT_ERROR_REPORTS_PER_MINUTE } from '@switchboard/contract/client-errors';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemLogs } from '../../db/schema/system.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const report = {
  message: 'Cannot read properties of undefined',
  stack: 'TypeError: Cannot read properties of undefined\n    at UsersTable',
  componentStack: '\n    at UsersTable\n    at UsersPage',
  timestamp: '2026-11-21T10:00:00.000Z',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  url: 'http://localhost:8080/users',
};

describe('POST /admin/errors', () => {
  let t: TestApp;
  let ipCounter = 0;
  /** Each test reports from its own address so the per-IP rate limit does not leak between tests. */
  const send = (
    payload: object,
    headers: Record<string, string> = {},
    remoteAddress = `10.0.0.${++ipCounter}`,
  ) => t.app.inject({ method: 'POST', url: '/api/v1/admin/errors', payload, headers, remoteAddress });
  const latestLog = async () =>
    (await t.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1))[0];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores an anonymous crash report as an ERROR log from the web', async () => {
    const res = await send(report, {}, '10.9.9.9');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: 'Error reported' });
    expect(await latestLog()).toMatchObject({
      level: 'ERROR',
      module: 'web',
      message: report.message,
      userId: null,
      ipAddress: '10.9.9.9',
      details: {
        stack: report.stack,
        componentStack: report.componentStack,
        url: report.url,
        userAgent: report.userAgent,
        timestamp: report.timestamp,
      },
    });
  });

  it('stores a report whose text holds a lone UTF-16 surrogate, replaced, instead of failing with a 500', async () => {
    for (const field of ['message', 'stack', 'componentStack', 'timestamp', 'userAgent', 'url']) {
      const res = await send({ ...report, [field]: 'a\ud800b' });
      expect(res.statusCode).toBe(201);
      const log = await latestLog();
      const stored =
        field === 'message' ? log?.message : ((log?.details ?? {}) as Record<string, string>)[field];
      expect(stored).toBe('a\ufffdb');
    }
    // A well-formed pair is kept as it is.
    const res = await send({ ...report, url: 'x\ud83d\ude00' });
    expect(res.statusCode).toBe(201);
    expect((((await latestLog())?.details ?? {}) as Record<string, string>).url).toBe('x\ud83d\ude00');
  });

  it('names the signed-in reporter, and ignores a token that does not verify', async () => {
    const admin = await insertUser(t.db, { username: 'reporter', isAdmin: true });
    await send(report, await t.authHeader(admin));
    expect((await latestLog())?.userId).toBe(admin.id);
    const forged = await send(report, { authorization: 'Bearer not.a.token' });
    expect(forged.statusCode).toBe(201);
    expect((await latestLog())?.userId).toBeNull();
  });

  it('does not name a deactivated admin whose token still verifies', async () => {
    const gone = await insertUser(t.db, { username: 'gone-reporter', isAdmin: true, isActive: false });
    const res = await send(report, await t.authHeader(gone));
    expect(res.statusCode).toBe(201);
    expect((await latestLog())?.userId).toBeNull();
  });

  it.each([
    [{ ...report, message: undefined }, 'message'],
    [{ ...report, url: 42 }, 'url'],
  ])('rejects a malformed report with 400 naming the field (%#)', async (payload, field) => {
    const before = await t.db.$count(systemLogs);
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field })]);
    expect(await t.db.$count(systemLogs)).toBe(before);
  });

  it('keeps an oversized report, cut to the stored limits', async () => {
    const res = await send({ ...report, message: 'm'.repeat(5000), stack: 's'.repeat(30_000) });
    expect(res.statusCode).toBe(201);
    const log = await latestLog();
    expect(log?.message).toHaveLength(2000);
    expect((log?.details as { stack: string } | undefined)?.stack).toHaveLength(20_000);
  });

  it(`accepts ${CLIENT_ERROR_REPORTS_PER_MINUTE} reports a minute from one address, then answers 429`, async () => {
    const before = await t.db.$count(systemLogs);
    for (let i = 0; i < CLIENT_ERROR_REPORTS_PER_MINUTE; i++) {
      expect((await send(report, {}, '10.1.1.1')).statusCode).toBe(201);
    }
    const refused = await send(report, {}, '10.1.1.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.db.$count(systemLogs)).toBe(before + CLIENT_ERROR_REPORTS_PER_MINUTE);
    expect((await send(report, {}, '10.1.1.2')).statusCode).toBe(201);
  });
});
