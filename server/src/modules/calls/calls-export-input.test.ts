import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema/calls.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

/** Issue #27 findings 11 and 12: the calls export refuses what the list refuses, and writes safe cells. */
describe('the calls CSV export', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const exportCsv = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/admin/calls/export.csv?${query}`, headers: auth });

  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader(await insertUser(t.db, { username: 'boss', isAdmin: true }));
    const tab = await insertUser(t.db, { username: 'tab', email: 'tab@example.test' });
    const cr = await insertUser(t.db, { username: 'cr', email: 'cr@example.test' });
    await t.db.insert(calls).values({
      callerId: tab.id,
      calleeId: cr.id,
      callerUsername: '\t=1+2',
      calleeUsername: '\r=3+4',
      type: 'voice',
      status: 'completed',
      startedAt: new Date(),
    });
  });
  afterAll(() => t.close());

  it('answers a NUL in the search with a 400 that says why, not a 200 cut off after the header', async () => {
    const res = await exportCsv('search=%00');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'search: Text must not contain NUL characters',
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/public/calls?search=a%00',
      headers: auth,
    });
    expect(list.statusCode).toBe(400);
  });

  it('quotes a name starting with a tab or a carriage return so a spreadsheet never runs it', async () => {
    const res = await exportCsv('');
    expect(res.statusCode).toBe(200);
    const row = res.body.split('\r\n')[1] ?? '';
    expect(row).toContain(`'\t=1+2`);
    expect(row).toContain(`"'\r=3+4"`);
    expect(row).not.toMatch(/(^|,)[\t\r]=/);
  });
});
