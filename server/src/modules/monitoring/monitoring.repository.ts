import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { metricMinutes, monitorAlerts, monitorInstances } from '../../db/schema/monitoring.ts';

export async function heartbeat(
  db: Executor,
  row: { id: string; hostname: string; pid: number; startedAt: Date; latest: unknown },
): Promise<void> {
  const now = new Date();
  await db
    .insert(monitorInstances)
    .values({ ...row, lastSeenAt: now })
    .onConflictDoUpdate({ target: monitorInstances.id, set: { lastSeenAt: now, latest: row.latest } });
}

export async function listInstances(db: Executor) {
  return db.select().from(monitorInstances).orderBy(monitorInstances.startedAt);
}

/** Forgets instances that have not reported for a day. */
export async function pruneInstances(db: Executor, olderThan: Date): Promise<void> {
  await db.delete(monitorInstances).where(lt(monitorInstances.lastSeenAt, olderThan));
}

/** Opens an alert unless one is already open for the same instance and rule; returns the new row, if any. */
export async function openAlert(
  db: Executor,
  alert: {
    instanceId: string;
    rule: string;
    severity: 'critical' | 'high' | 'medium' | 'low';
    message: string;
  },
) {
  const [row] = await db
    .insert(monitorAlerts)
    .values(alert)
    .onConflictDoNothing({
      target: [monitorAlerts.instanceId, monitorAlerts.rule],
      where: sql`cleared_at is null`,
    })
    .returning();
  return row ?? null;
}

/** Clears the open alert of an instance and rule; returns it, if there was one. */
export async function clearAlert(db: Executor, instanceId: string, rule: string) {
  const [row] = await db
    .update(monitorAlerts)
    .set({ clearedAt: new Date() })
    .where(
      and(
        eq(monitorAlerts.instanceId, instanceId),
        eq(monitorAlerts.rule, rule),
        isNull(monitorAlerts.clearedAt),
      ),
    )
    .returning();
  return row ?? null;
}

export async function listAlerts(db: Executor, options: { activeOnly: boolean; limit: number }) {
  return db
    .select()
    .from(monitorAlerts)
    .where(options.activeOnly ? isNull(monitorAlerts.clearedAt) : undefined)
    .orderBy(desc(monitorAlerts.raisedAt), desc(monitorAlerts.id))
    .limit(options.limit);
}

/** How many alerts are open, counting no further than `cap`, as a scalar subquery. */
export const openAlertCount = (cap: number) =>
  sql`(select count(*) from (select 1 from ${monitorAlerts} where ${monitorAlerts.clearedAt} is null limit ${cap}) open)`;

export async function saveMinute(
  db: Executor,
  row: {
    instanceId: string;
    minute: Date;
    cpuUsage: number;
    memoryUsage: number;
    p95: number;
    errorRate: number;
  },
): Promise<void> {
  await db.insert(metricMinutes).values(row).onConflictDoNothing();
  await db.delete(metricMinutes).where(lt(metricMinutes.minute, new Date(Date.now() - 24 * 3600_000)));
}

/** Per-minute averages over every instance between two instants. */
export async function minutesSince(db: Executor, from: Date, to: Date) {
  return db
    .select({
      minute: metricMinutes.minute,
      cpuUsage: sql<number>`avg(${metricMinutes.cpuUsage})::float8`,
      memoryUsage: sql<number>`avg(${metricMinutes.memoryUsage})::float8`,
      p95: sql<number>`max(${metricMinutes.p95})::float8`,
      errorRate: sql<number>`avg(${metricMinutes.errorRate})::float8`,
    })
    .from(metricMinutes)
    .where(and(gte(metricMinutes.minute, from), lt(metricMinutes.minute, to)))
    .groupBy(metricMinutes.minute)
    .orderBy(metricMinutes.minute);
}
