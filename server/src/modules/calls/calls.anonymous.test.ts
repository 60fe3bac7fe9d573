import type { CallsPage } from '@switchboard/contract/calls';
import type { Dashboard } from '@switchboard/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema/calls.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

// An anonymous caller is hidden from the callee, not from an admin searching for them.
describe('anonymous callers, as an admin sees them', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const data = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: T }).data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader(await insertUser(t.db, { username: 'boss', isAdmin: true }));
    const shy = await insertUser(t.db, { username: 'shy_caller' });
    const bob = await insertUser(t.db, { username: 'bob' });
    await t.db.insert(calls).values({
      callerId: shy.id,
      calleeId: bob.id,
      callerUsername: shy.username,
      calleeUsername: bob.username,
      type: 'voice',
      status: 'completed',
      isAnonymous: true,
      startedAt: new Date(Date.now() - 60_000),
    });
  });
  afterAll(() => t.close());

  it('finds the call by the hidden username and says who it was', async () => {
    const page = await data<CallsPage>('/admin/public/calls?search=shy_call');
    expect(page.calls).toHaveLength(1);
    expect(page.calls[0]).toMatchObject({ is_anonymous: true, caller_username: 'shy_caller' });
  });

  it('names the anonymous caller beside the mark in the dashboard activity', async () => {
    const dashboard = await data<Dashboard>('/admin/dashboard');
    const call = dashboard.recent_activity.find((item) => item.type === 'call');
    expect(call?.details).toBe('voice call Anonymous (shy_caller) → bob (completed)');
  });
});
