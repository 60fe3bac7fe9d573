import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLiveCounts } from '../../db/live-counts.ts';
import { appInstances, userPresence } from '../../db/schema/presence.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { startPresenceHeartbeat } from './presence-heartbeat.ts';

/** Online Users counts live connections: a flag with no connection behind it (an old seed's) does not survive a start. */
describe('presence at start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets offline the users marked online with no connection, and keeps the connected ones', async () => {
    const flagged = await insertUser(t.db, { username: 'flag-only', isOnline: true });
    const connected = await insertUser(t.db, { username: 'really-here', isOnline: true });
    await t.db.insert(appInstances).values({ id: 'other-instance' });
    await t.db
      .insert(userPresence)
      .values({ userId: connected.id, instanceId: 'other-instance', sockets: 1 });
    expect((await readLiveCounts(t.db)).onlineUsers).toBe(2);

    const heartbeat = startPresenceHeartbeat(t.db, t.app.log, () => new Map(), { heartbeatMs: 60_000 });
    const online = async (id: string) =>
      (await t.db.select({ on: users.isOnline }).from(users).where(eq(users.id, id)))[0]?.on;
    for (let i = 0; i < 100 && (await online(flagged.id)); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await online(flagged.id)).toBe(false);
    expect(await online(connected.id)).toBe(true);
    expect((await readLiveCounts(t.db)).onlineUsers).toBe(1);
    await heartbeat.stop();
  });
});
