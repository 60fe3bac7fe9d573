import type { UserNotificationDigestEvent, UserNotificationEvent } from '@switchboard/contract/realtime';
import { SETTINGS_DEFAULTS, type Settings } from '@switchboard/contract/settings';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserEvent, UserPush } from '../../app-deps.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { appApi } from '../social/testing/app-api.ts';
import { buildDueDigests } from './notification-digests.ts';

type Pushed = { userIds: string[]; event: UserEvent; payload: unknown };

/** Every push the server makes, in order, instead of socket emits. */
function recordingPush(pushed: Pushed[]): UserPush {
  return {
    attach: () => undefined,
    toUsers: (userIds, event, payload) => void pushed.push({ userIds: [...userIds], event, payload }),
    callChanged: () => undefined,
    disconnectUsers: () => undefined,
  };
}

const at = (iso: string) => new Date(iso);

describe('notification digests', () => {
  let t: TestApp;
  let api: ReturnType<typeof appApi>;
  let admin: { authorization: string };
  let hourly: AdminPrincipal;
  let daily: AdminPrincipal;
  let immediate: AdminPrincipal;
  const pushed: Pushed[] = [];
  let userPush: UserPush;

  const digestsTo = (userId: string) =>
    pushed
      .filter((p) => p.event === 'notification_digest' && p.userIds.includes(userId))
      .map((p) => p.payload as UserNotificationDigestEvent);
  const stats = async () =>
    (await api('GET', '/admin/notification-stats', admin)).json().data as { digest_deliveries: number };

  /** Creates and sends a notification through the console's API, then dates its send to `sentAt`. */
  async function send(title: string, sentAt: string): Promise<number> {
    const created = await api('POST', '/admin/notifications', admin, { title, message: `${title} body` });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const sent = await api('POST', `/admin/notifications/${id}/send`, admin);
    expect(sent.statusCode, sent.body).toBe(200);
    await t.db
      .update(notifications)
      .set({ sentAt: at(sentAt) })
      .where(inArray(notifications.id, [id]));
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    api = appApi(t);
    userPush = recordingPush(pushed);
    // The send route pushes through deps.userPush: record it instead of emitting.
    Object.assign(t.deps.userPush, userPush);
    admin = await t.authHeader(await insertUser(t.db, { username: 'digest-admin', isAdmin: true }));
    hourly = await insertUser(t.db, { username: 'digest-hourly' });
    daily = await insertUser(t.db, { username: 'digest-daily' });
    immediate = await insertUser(t.db, { username: 'digest-immediate' });
  });
  afterAll(() => t.close());

  it('saves an app user’s own frequency, hourly and back to the system’s, and refuses an unknown one', async () => {
    const me = await t.appAuthHeader(hourly);
    expect((await api('GET', '/users/settings', me)).json().data.notification_frequency).toBeNull();
    const saved = await api('PUT', '/users/settings', me, { notification_frequency: 'hourly' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.notification_frequency).toBe('hourly');
    expect((await api('GET', '/users/settings', me)).json().data.notification_frequency).toBe('hourly');

    const back = await api('PUT', '/users/settings', me, { notification_frequency: null });
    expect(back.json().data.notification_frequency).toBeNull();
    const bad = await api('PUT', '/users/settings', me, { notification_frequency: 'monthly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('notification_frequency');
    expect((await api('GET', '/users/settings', me)).json().data.notification_frequency).toBeNull();

    await api('PUT', '/users/settings', me, { notification_frequency: 'hourly' });
    const other = await t.appAuthHeader(daily);
    expect((await api('PUT', '/users/settings', other, { notification_frequency: 'daily' })).statusCode).toBe(
      200,
    );
  });

  it('saves the system frequency hourly and sets it back to immediate', async () => {
    const put = (frequency: Settings['notifications']['notification_frequency']) => {
      const next = structuredClone(SETTINGS_DEFAULTS);
      next.notifications.notification_frequency = frequency;
      return api('PUT', '/admin/settings', admin, next);
    };
    const read = async () =>
      ((await api('GET', '/admin/settings', admin)).json().data as Settings).notifications
        .notification_frequency;
    expect((await put('hourly')).statusCode).toBe(200);
    expect(await read()).toBe('hourly');
    expect((await put('immediate')).statusCode).toBe(200);
    expect(await read()).toBe('immediate');
  });

  it('pushes each notification at once only to immediate users; an hour later one digest gathers the hour’s', async () => {
    const first = await send('Maintenance tonight', '2026-03-02T10:15:00Z');
    const second = await send('New stickers', '2026-03-02T10:40:00Z');
    const nextHour = await send('Later news', '2026-03-02T11:05:00Z');

    const immediatePushes = pushed.filter((p) => p.event === 'notification');
    expect(immediatePushes.map((p) => (p.payload as UserNotificationEvent).id)).toEqual([
      first,
      second,
      nextHour,
    ]);
    for (const p of immediatePushes) {
      expect(p.userIds).toContain(immediate.id);
      expect(p.userIds).not.toContain(hourly.id);
      expect(p.userIds).not.toContain(daily.id);
    }

    // At 11:00:30 the hour is over but its sends may still be committing: nothing yet.
    expect(await buildDueDigests(t.db, { userPush, now: at('2026-03-02T11:00:30Z') })).toBe(0);
    expect(digestsTo(hourly.id)).toEqual([]);

    expect(await buildDueDigests(t.db, { userPush, now: at('2026-03-02T11:01:00Z') })).toBe(1);
    const [digest, ...more] = digestsTo(hourly.id);
    expect(more).toEqual([]);
    expect(digest).toMatchObject({
      frequency: 'hourly',
      period_start: '2026-03-02T10:00:00.000Z',
      period_end: '2026-03-02T11:00:00.000Z',
      total: 2,
    });
    expect(digest?.notifications.map((n) => n.title)).toEqual(['Maintenance tonight', 'New stickers']);
    expect(digestsTo(immediate.id)).toEqual([]);
    expect(digestsTo(daily.id)).toEqual([]);
    expect((await stats()).digest_deliveries).toBe(1);

    // Run again, and by two instances at once for the next hour: still one digest per user and hour.
    await buildDueDigests(t.db, { userPush, now: at('2026-03-02T11:01:00Z') });
    const [a, b] = await Promise.all([
      buildDueDigests(t.db, { userPush, now: at('2026-03-02T12:02:00Z') }),
      buildDueDigests(t.db, { userPush, now: at('2026-03-02T12:02:00Z') }),
    ]);
    expect((a ?? 0) + (b ?? 0)).toBe(1);
    expect(digestsTo(hourly.id).map((d) => d.notifications.map((n) => n.title))).toEqual([
      ['Maintenance tonight', 'New stickers'],
      ['Later news'],
    ]);
    expect((await stats()).digest_deliveries).toBe(2);
  });

  it('gives a daily user one digest of the whole UTC day, counted in the stats', async () => {
    expect(await buildDueDigests(t.db, { userPush, now: at('2026-03-03T00:01:00Z') })).toBe(1);
    const [digest, ...more] = digestsTo(daily.id);
    expect(more).toEqual([]);
    expect(digest).toMatchObject({ frequency: 'daily', period_start: '2026-03-02T00:00:00.000Z', total: 3 });
    expect(digest?.notifications.map((n) => n.title)).toEqual([
      'Maintenance tonight',
      'New stickers',
      'Later news',
    ]);
    expect((await stats()).digest_deliveries).toBe(3);
    expect(digestsTo(immediate.id)).toEqual([]);
  });
});
