import { SETTINGS_DEFAULTS } from '@switchboard/contract/settings';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserPush } from '../../app-deps.ts';
import { testDatabaseKind, testDatabaseUrl } from '../../config.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { notificationRecipients, notifications } from '../../db/schema/notifications.ts';
import { users as usersTable } from '../../db/schema/users.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { startDueNotificationsJob } from './due-notifications-job.ts';
import { sendDueNotifications } from './notifications.service.ts';

/** A UserPush that remembers which notification ids it pushed. */
function recordingPush(): UserPush & { pushed: number[] } {
  const pushed: number[] = [];
  return {
    pushed,
    attach: () => undefined,
    toUsers: (_ids, _event, payload) => void pushed.push(payload.id),
    callChanged: () => undefined,
    disconnectUsers: () => undefined,
  };
}

/** Two server instances on one database; on PostgreSQL each has its own connection pool, as separate processes would. */
describe('scheduled notifications', () => {
  let t: TestApp;
  let second: DatabaseHandle | null = null;
  const users = 12;

  beforeAll(async () => {
    t = await createTestApp();
    if (testDatabaseKind() === 'postgres') {
      const result = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const [row] = result.rows;
      const url = new URL(testDatabaseUrl() as string);
      url.pathname = `/${row?.name}`;
      second = await openDatabase({ kind: 'postgres', url: url.toString() });
    }
    for (let i = 0; i < users; i++) await insertUser(t.db, { username: `due-user-${i}` });
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  const admin = async () => {
    const a = await insertUser(t.db, { username: `due-admin-${Date.now()}`, isAdmin: true });
    return { a, headers: await t.authHeader(a) };
  };

  async function scheduleMany(count: number, headers: { authorization: string }) {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/notifications',
        headers,
        payload: {
          title: `Due ${i}`,
          message: 'Scheduled',
          is_scheduled: true,
          scheduled_at: new Date(Date.now() + 60_000).toISOString(),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.id);
    }
    return ids;
  }
  const makeDue = (ids: number[]) =>
    t.db
      .update(notifications)
      .set({ scheduledAt: sql`now() - interval '1 second'` })
      .where(inArray(notifications.id, ids));

  it('sends each due notification exactly once when two instances run the job at the same time', async () => {
    const { headers } = await admin();
    const ids = await scheduleMany(6, headers);
    const [cancelled] = await scheduleMany(1, headers);
    await t.app.inject({ method: 'POST', url: `/api/v1/admin/notifications/${cancelled}/cancel`, headers });
    await makeDue([...ids, cancelled as number]);

    const pushA = recordingPush();
    const pushB = recordingPush();
    const dbB = second?.db ?? t.db;
    const runs = await Promise.all([
      sendDueNotifications(t.db, { userPush: pushA }),
      sendDueNotifications(dbB, { userPush: pushB }),
      sendDueNotifications(t.db, { userPush: pushA }),
      sendDueNotifications(dbB, { userPush: pushB }),
    ]);
    const sentIds = runs.flat();
    expect([...sentIds].sort()).toEqual([...ids].sort());
    expect([...pushA.pushed, ...pushB.pushed].sort()).toEqual([...ids].sort());

    const rows = await t.db
      .select()
      .from(notifications)
      .where(inArray(notifications.id, [...ids, cancelled as number]));
    const [reachable] = await t.db.select({ n: sql<number>`count(*)::int` }).from(usersTable);
    for (const row of rows) {
      if (row.id === cancelled) {
        expect(row.status).toBe('cancelled');
        expect(row.totalRecipients).toBe(0);
      } else {
        expect(row.status).toBe('sent');
        expect(row.sentAt).not.toBeNull();
        expect(row.totalRecipients).toBe(reachable?.n);
      }
    }
  });

  it('resumes a send that stopped mid-way, from its cursor, and refuses changes while it is being sent', async () => {
    const { headers } = await admin();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/notifications',
      headers,
      payload: { title: 'Interrupted', message: 'Half written' },
    });
    const id = created.json().data.id as number;
    const everyone = (
      await t.db
        .select({ id: usersTable.id })
        .from(usersTable)
        .where(sql`${usersTable.deletedAt} is null and ${usersTable.isActive}`)
    )
      .map((u) => u.id)
      .sort();
    const half = everyone.slice(0, 5);
    // What a process that ended after its first batch leaves: some recipient rows, a cursor, still a draft.
    await t.db.insert(notificationRecipients).values(half.map((userId) => ({ notificationId: id, userId })));
    await t.db
      .update(notifications)
      .set({ deliveryAt: sql`now()`, deliveryCursor: half.at(-1) })
      .where(eq(notifications.id, id));

    const send = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/notifications/${id}/send`,
      headers,
    });
    expect(send.statusCode).toBe(409);
    expect(send.json().message).toBe('This notification is being sent');
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/notifications/${id}`,
      headers,
    });
    expect(remove.statusCode).toBe(409);
    // While its sender may still be alive, no other instance takes it over.
    expect(await sendDueNotifications(t.db, { userPush: recordingPush() })).not.toContain(id);
    const [waiting] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(waiting?.status).toBe('draft');
    expect(waiting?.totalRecipients).toBe(half.length);

    await t.db
      .update(notifications)
      .set({ deliveryAt: sql`now() - interval '2 minutes'` })
      .where(eq(notifications.id, id));
    const push = recordingPush();
    expect(await sendDueNotifications(second?.db ?? t.db, { userPush: push })).toEqual([id]);
    const [done] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(done?.status).toBe('sent');
    expect(done?.deliveryAt).toBeNull();
    expect(done?.totalRecipients).toBe(everyone.length);
    const rows = await t.db
      .select({ userId: notificationRecipients.userId })
      .from(notificationRecipients)
      .where(eq(notificationRecipients.notificationId, id));
    expect(rows.map((r) => r.userId).sort()).toEqual(everyone);
  });

  it('the job loop sends a notification when its time comes, and not before', async () => {
    const { headers } = await admin();
    const [id] = await scheduleMany(1, headers);
    const push = recordingPush();
    const jobs = [
      startDueNotificationsJob(t.db, { userPush: push, log: silentLog, intervalMs: 20 }),
      startDueNotificationsJob(second?.db ?? t.db, { userPush: push, log: silentLog, intervalMs: 20 }),
    ];
    try {
      await new Promise((r) => setTimeout(r, 200));
      const [waiting] = await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.id, id as number));
      expect(waiting?.status).toBe('scheduled');
      await makeDue([id as number]);
      for (let i = 0; i < 100 && !push.pushed.includes(id as number); i++)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      expect(push.pushed.filter((p) => p === id)).toEqual([id]);
    } finally {
      await Promise.all(jobs.map((j) => j.stop()));
    }
  });

  it('with Push Notifications off, a sent notification waits in the inbox and is not pushed', async () => {
    const { headers } = await admin();
    const settings = structuredClone(SETTINGS_DEFAULTS);
    settings.notifications.push_notifications = false;
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers,
      payload: settings,
    });
    expect(off.statusCode).toBe(200);
    try {
      const [id] = await scheduleMany(1, headers);
      await makeDue([id as number]);
      const push = recordingPush();
      expect(await sendDueNotifications(t.db, { userPush: push })).toEqual([id]);
      expect(push.pushed).toEqual([]);
      const [row] = await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.id, id as number));
      expect(row?.status).toBe('sent');
      expect(row?.totalRecipients).toBeGreaterThan(0);
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings',
        headers,
        payload: SETTINGS_DEFAULTS,
      });
    }
  });
});

const noop = () => undefined;
const silentLog = {
  info: noop,
  warn: noop,
  error: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  child: () => silentLog,
  level: 'silent',
  silent: noop,
} as unknown as Parameters<typeof startDueNotificationsJob>[1]['log'];
