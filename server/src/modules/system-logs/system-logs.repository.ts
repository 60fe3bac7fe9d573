import { and, desc, eq, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { olderThan, type PagePosition } from '../../db/keyset-cursor.ts';
import { queryRows } from '../../db/query-rows.ts';
import { type LOG_LEVELS, systemLogs } from '../../db/schema/system.ts';

export type SystemLogLevel = (typeof LOG_LEVELS)[number];

/** A row of the Logs screen. */
export interface SystemLogEntry {
  level: SystemLogLevel;
  message: string;
  /** Where it came from: a server module name, or 'web' for reports from the console itself. */
  module: string;
  userId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown> | null;
}

/** Appends one row; pass a transaction to make it part of a larger change. */
export async function recordSystemLog(executor: Executor, entry: SystemLogEntry): Promise<void> {
  await recordSystemLogs(executor, [entry]);
}

export interface SystemLogFilters {
  level?: SystemLogLevel | undefined;
  module?: string | undefined;
  search?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** All filters combine with AND; text matches the message anywhere (pg_trgm index). */
function logsWhere(f: SystemLogFilters): SQL | undefined {
  const where: SQL[] = [];
  if (f.level) where.push(eq(systemLogs.level, f.level));
  if (f.module) where.push(eq(systemLogs.module, f.module));
  if (f.search) where.push(ilike(systemLogs.message, `%${escapeLike(f.search)}%`));
  if (f.start) where.push(gte(systemLogs.createdAt, new Date(f.start)));
  if (f.end) where.push(lte(systemLogs.createdAt, new Date(f.end)));
  return and(...where);
}

export const hasLogFilters = (f: SystemLogFilters) =>
  Boolean(f.level || f.module || f.search || f.start || f.end);

/**
 * Newest first, over a (created_at, id) index or a (level|module, created_at, id) one; after the
 * cursor's (created_at, id) when there is one, else at an OFFSET.
 */
export async function listSystemLogs(
  db: Executor,
  f: SystemLogFilters,
  limit: number,
  { after, offset }: PagePosition,
) {
  return db
    .select({
      id: systemLogs.id,
      level: systemLogs.level,
      message: systemLogs.message,
      module: systemLogs.module,
      timestamp: sql<string>`to_json(${systemLogs.createdAt}) #>> '{}'`,
      user_id: systemLogs.userId,
      ip_address: sql<string | null>`host(${systemLogs.ipAddress})`,
      details: systemLogs.details,
    })
    .from(systemLogs)
    .where(and(logsWhere(f), after && olderThan(systemLogs.createdAt, systemLogs.id, after)))
    .orderBy(desc(systemLogs.createdAt), desc(systemLogs.id))
    .limit(limit)
    .offset(offset);
}

export async function countSystemLogs(db: Executor, f: SystemLogFilters, cap: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1` }).from(systemLogs).where(logsWhere(f)).limit(cap).as('capped'));
  return Number(rows[0]?.n ?? 0);
}

/** Many rows in one statement (the log stream's batches). */
export async function recordSystemLogs(
  executor: Executor,
  entries: readonly SystemLogEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await executor.insert(systemLogs).values(
    entries.map((entry) => ({
      level: entry.level,
      message: entry.message,
      module: entry.module,
      userId: entry.userId ?? null,
      ipAddress: entry.ip ?? null,
      details: entry.details ?? null,
    })),
  );
}

/** Deletes rows older than the given number of days, a bounded batch at a time; returns how many went. */
export async function pruneSystemLogs(
  executor: Executor,
  olderThanDays: number,
  batch = 5000,
): Promise<number> {
  const rows = await queryRows<unknown>(
    executor,
    sql`
    delete from ${systemLogs} where ${systemLogs.id} in (
      select ${systemLogs.id} from ${systemLogs}
      where ${systemLogs.createdAt} < now() - make_interval(days => ${olderThanDays})
      limit ${batch})
    returning 1`,
  );
  return rows.length;
}
