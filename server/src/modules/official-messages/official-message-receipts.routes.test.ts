import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialMessageRecipients, officialMessages } from '../../db/schema/official-messages.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { appApi } from '../social/testing/app-api.ts';

describe('a calling app marks official messages delivered, read and acknowledged', () => {
  let t: TestApp;
  let api: ReturnType<typeof appApi>;
  let ann: AdminPrincipal;
  let ben: AdminPrincipal;
  let annAuth: { authorization: string };
  let benAuth: { authorization: string };
  let adminAuth: { authorization: string };
  let messageId: number;
  const counts = async () => {
    const list = (await api('GET', '/admin/official-messages', adminAuth)).json().data;
    const message = list.messages.find((m: { id: number }) => m.id === messageId);
    return {
      delivered: message.delivered_count,
      read: message.read_count,
      acknowledged: message.acknowledged_count,
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    api = appApi(t);
    ann = await insertUser(t.db, { username: 'ann' });
    ben = await insertUser(t.db, { username: 'ben' });
    annAuth = await t.appAuthHeader(ann);
    benAuth = await t.appAuthHeader(ben);
    adminAuth = await t.authHeader(await insertUser(t.db, { username: 'announcer', isAdmin: true }));
    const [row] = await t.db
      .insert(officialMessages)
      .values({ title: 'Maintenance', content: 'Tonight at 2', status: 'sent' })
      .returning({ id: officialMessages.id });
    messageId = row?.id ?? 0;
    await t.db.insert(officialMessageRecipients).values([
      { messageId, userId: ann.id },
      { messageId, userId: ben.id },
    ]);
  });
  afterAll(() => t.close());

  it('each mark fills the earlier ones, keeps its first time, and the Official Messaging counts follow', async () => {
    expect(await counts()).toEqual({ delivered: 0, read: 0, acknowledged: 0 });
    const delivered = await api('POST', `/users/official-messages/${messageId}/delivered`, annAuth);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().data).toMatchObject({
      message_id: messageId,
      read_at: null,
      acknowledged_at: null,
    });
    expect(await counts()).toEqual({ delivered: 1, read: 0, acknowledged: 0 });

    const read = (await api('POST', `/users/official-messages/${messageId}/read`, annAuth)).json().data;
    expect(read.delivered_at).toBe(delivered.json().data.delivered_at);
    expect(read.read_at).not.toBeNull();
    expect(await counts()).toEqual({ delivered: 1, read: 1, acknowledged: 0 });

    // Ben acknowledges straight away: delivered and read come with it.
    const acked = (await api('POST', `/users/official-messages/${messageId}/acknowledged`, benAuth)).json()
      .data;
    expect(acked.delivered_at).not.toBeNull();
    expect(acked.read_at).not.toBeNull();
    expect(acked.acknowledged_at).not.toBeNull();
    expect(await counts()).toEqual({ delivered: 2, read: 2, acknowledged: 1 });
    const twice = (await api('POST', `/users/official-messages/${messageId}/acknowledged`, benAuth)).json()
      .data;
    expect(twice).toEqual(acked);
    expect(await counts()).toEqual({ delivered: 2, read: 2, acknowledged: 1 });
  });

  it('answers 404 for a message the account was not sent and 400 for an unknown mark, changing nothing', async () => {
    const outsider = await t.appAuthHeader(await insertUser(t.db, { username: 'outsider' }));
    expect((await api('POST', `/users/official-messages/${messageId}/read`, outsider)).statusCode).toBe(404);
    const bad = await api('POST', `/users/official-messages/${messageId}/liked`, annAuth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('mark');
    expect(await counts()).toEqual({ delivered: 2, read: 2, acknowledged: 1 });
  });
});
