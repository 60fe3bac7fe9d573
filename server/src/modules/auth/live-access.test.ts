import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { insertTestSession, insertUser } from '../../testing/test-app.ts';
import { useTestDatabase } from '../../testing/use-test-database.ts';
import { createLiveAccess, LIVE_ACCESS_TTL_MS } from './live-access.ts';

describe('live access answers', () => {
  const database = useTestDatabase();
  let clock = 0;
  const now = () => clock;

  const signedInAdmin = async (username: string) => {
    const db = database.handle.db;
    const admin = await insertUser(db, { username, isAdmin: true });
    return { admin, sessionId: await insertTestSession(db, admin.id) };
  };
  const revoke = (sessionId: string) =>
    database.handle.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.familyId, sessionId));

  it('keeps an answer for its TTL, then reads the session again', async () => {
    const access = createLiveAccess(database.handle.db, now);
    const { admin, sessionId } = await signedInAdmin('kept-answer');
    expect(await access.accountFor(admin.id, sessionId)).toEqual({
      username: 'kept-answer',
      isAdmin: true,
      isRootAdmin: false,
      permissions: expect.any(Array),
    });
    await revoke(sessionId);
    clock += LIVE_ACCESS_TTL_MS - 1;
    expect(await access.accountFor(admin.id, sessionId)).not.toBeNull();
    clock += 1;
    expect(await access.accountFor(admin.id, sessionId)).toBeNull();
  });

  it('answers for an active app user, and stops when the account is deactivated', async () => {
    const access = createLiveAccess(database.handle.db, now);
    const db = database.handle.db;
    const user = await insertUser(db, { username: 'app-caller' });
    const sessionId = await insertTestSession(db, user.id, false);
    expect(await access.accountFor(user.id, sessionId)).toMatchObject({ isAdmin: false });
    await db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    access.changed();
    expect(await access.accountFor(user.id, sessionId)).toBeNull();
  });

  it('reads again at once after a change, and tells the listeners', async () => {
    const access = createLiveAccess(database.handle.db, now);
    const { admin, sessionId } = await signedInAdmin('changed-answer');
    let told = 0;
    access.onChange(() => told++);
    expect(await access.accountFor(admin.id, sessionId)).not.toBeNull();
    await database.handle.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    access.changed();
    expect(await access.accountFor(admin.id, sessionId)).toBeNull();
    expect(told).toBe(1);
  });

  it('does not keep an answer read before a change that landed while it was read', async () => {
    const access = createLiveAccess(database.handle.db, now);
    const { admin, sessionId } = await signedInAdmin('raced-answer');
    const readBeforeChange = access.accountFor(admin.id, sessionId);
    access.forget();
    expect(await readBeforeChange).not.toBeNull();
    await revoke(sessionId);
    expect(await access.accountFor(admin.id, sessionId)).toBeNull();
  });
});
