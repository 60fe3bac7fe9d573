import { and, eq, inArray, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { appInstances, userPresence } from '../../db/schema/presence.ts';
import { users } from '../../db/schema/users.ts';
import { hidesPresence } from './hides-presence.ts';

/** Marks a user online or offline and stamps "last seen"; the users counters follow (trigger on is_online). */
export async function setPresence(db: Executor, userId: string, online: boolean): Promise<void> {
  await db
    .update(users)
    .set({ isOnline: online, lastSeenAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
}

/**
 * Of these users, the ones another app user (`askerId`) may see online now: those who hide their presence
 * are left out, except to themselves.
 */
export async function onlineAmong(
  db: Executor,
  askerId: string,
  userIds: readonly string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, [...userIds]),
        eq(users.isOnline, true),
        isNull(users.deletedAt),
        or(eq(users.id, askerId), not(hidesPresence)),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Registers this instance, or stamps its heartbeat. Answers the row's `started_at`: a value other than the
 * one seen before means the row was reaped (the instance looked dead) and written again since, so the
 * presence it held is gone and must be written again.
 */
export async function stampInstance(db: Executor, instanceId: string): Promise<number> {
  const [stamped] = await db
    .update(appInstances)
    .set({ heartbeatAt: sql`now()` })
    .where(eq(appInstances.id, instanceId))
    .returning({ startedAt: appInstances.startedAt });
  if (stamped) return stamped.startedAt.getTime();
  await db.insert(appInstances).values({ id: instanceId }).onConflictDoNothing();
  return stampInstance(db, instanceId);
}

/** Locks the user's row, so that one user's connects, disconnects and reaps run one at a time. */
const lockUser = (tx: Executor, userId: string) =>
  tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);

/** One more `/app` socket of the user on this instance: the user is online. */
export async function presenceConnected(db: Database, userId: string, instanceId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    // The instance's row may not be written yet (a socket in its first moments), or reaped during a stall.
    await tx.insert(appInstances).values({ id: instanceId }).onConflictDoNothing();
    await tx
      .insert(userPresence)
      .values({ userId, instanceId })
      .onConflictDoUpdate({
        target: [userPresence.userId, userPresence.instanceId],
        set: { sockets: sql`${userPresence.sockets} + 1` },
      });
    await setPresence(tx, userId, true);
  });
}

/** One socket fewer on this instance; with none left on any instance, the user is offline from now. */
export async function presenceDisconnected(db: Database, userId: string, instanceId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const where = and(eq(userPresence.userId, userId), eq(userPresence.instanceId, instanceId));
    await tx.delete(userPresence).where(and(where, sql`${userPresence.sockets} <= 1`));
    await tx
      .update(userPresence)
      .set({ sockets: sql`${userPresence.sockets} - 1` })
      .where(where);
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(userPresence)
      .where(eq(userPresence.userId, userId));
    if (Number(left?.n ?? 0) === 0) await setPresence(tx, userId, false);
  });
}

/**
 * Reaps the instances whose heartbeat is older than `staleSeconds` (by the database's clock, the one all
 * instances share): their presence rows go, and their users with no socket left anywhere go offline, last
 * seen at the dead instance's final heartbeat. Returns the users who went offline.
 */
export function reapDeadInstances(db: Executor, staleSeconds: number): Promise<string[]> {
  return reap(db, sql`${appInstances.heartbeatAt} < now() - make_interval(secs => ${staleSeconds})`);
}

async function reap(db: Executor, which: SQL): Promise<string[]> {
  return db.transaction(async (tx) => {
    const dead = await tx
      .select({ id: appInstances.id, heartbeatAt: appInstances.heartbeatAt })
      .from(appInstances)
      .where(which)
      .for('update', { skipLocked: true });
    if (dead.length === 0) return [];
    const deadIds = dead.map((d) => d.id);
    const held = await tx
      .selectDistinct({ userId: userPresence.userId })
      .from(userPresence)
      .where(inArray(userPresence.instanceId, deadIds));
    const userIds = held.map((h) => h.userId).sort();
    // Users first, in one order, as connects and disconnects lock them: no deadlock with a late disconnect.
    if (userIds.length > 0)
      await tx.execute(
        sql`select 1 from ${users} where ${inArray(users.id, userIds)} order by ${users.id} for update`,
      );
    await tx.delete(appInstances).where(inArray(appInstances.id, deadIds)); // presence rows cascade
    if (userIds.length === 0) return [];
    const lastBeat = new Date(Math.max(...dead.map((d) => d.heartbeatAt.getTime())));
    const gone = await tx
      .update(users)
      .set({ isOnline: false, lastSeenAt: lastBeat })
      .where(
        and(
          inArray(users.id, userIds),
          eq(users.isOnline, true),
          sql`not exists (select 1 from ${userPresence} where ${userPresence.userId} = ${users.id})`,
        ),
      )
      .returning({ id: users.id });
    return gone.map((g) => g.id);
  });
}

/**
 * Writes this instance's presence again after it was reaped while alive (its heartbeat stalled): each user
 * with sockets here is online again, with the number of sockets it holds.
 */
export async function reclaimPresence(
  db: Database,
  instanceId: string,
  socketsByUser: ReadonlyMap<string, number>,
): Promise<void> {
  for (const [userId, sockets] of socketsByUser)
    await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      await tx
        .insert(userPresence)
        .values({ userId, instanceId, sockets })
        .onConflictDoUpdate({ target: [userPresence.userId, userPresence.instanceId], set: { sockets } });
      await setPresence(tx, userId, true);
    });
}

/**
 * Online is a live connection: a user marked online with no presence row anywhere (written by an older
 * demo seed, or left by a release without presence rows) goes offline. Connects write the row and the
 * flag in one transaction, so a user mid-connect is never caught between them. Returns how many.
 */
export async function clearOnlineWithoutPresence(db: Executor): Promise<number> {
  const cleared = await db
    .update(users)
    .set({ isOnline: false })
    .where(
      and(
        eq(users.isOnline, true),
        sql`not exists (select 1 from ${userPresence} where ${userPresence.userId} = ${users.id})`,
      ),
    )
    .returning({ id: users.id });
  return cleared.length;
}

/** A stopping instance leaves: its users with no socket on another instance go offline, last seen now. */
export async function leaveInstance(db: Database, instanceId: string): Promise<void> {
  await stampInstance(db, instanceId);
  await reap(db, eq(appInstances.id, instanceId));
}

/** The instances whose heartbeat row stands (not reaped): the ones that may carry calls. */
export async function liveInstanceIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: appInstances.id }).from(appInstances);
  return rows.map((r) => r.id);
}
