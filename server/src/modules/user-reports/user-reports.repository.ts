import type {
  ListUserReportsQuery,
  ReportStatus,
  UserReport as ShownReport,
} from '@switchboard/contract/user-reports';

/** A report as stored: the usernames are added by the service. */
type UserReport = Omit<ShownReport, 'reporter_username' | 'reported_user_username'>;

import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { olderThan, type PagePosition } from '../../db/keyset-cursor.ts';
import { countUpTo } from '../../db/query-rows.ts';
import { COUNT_CAP, readCounters } from '../../db/row-counts.ts';
import { userReports } from '../../db/schema/reports.ts';
import { usernameMatches } from '../users/username-matches.ts';

const reportColumns = {
  id: userReports.id,
  report_type: userReports.reportType,
  reporter_id: userReports.reporterId,
  reported_user_id: userReports.reportedUserId,
  reason: userReports.reason,
  description: userReports.description,
  status: userReports.status,
  created_at: sql<string>`to_json(${userReports.createdAt}) #>> '{}'`,
  updated_at: sql<string>`to_json(${userReports.updatedAt}) #>> '{}'`,
  resolution_notes: userReports.resolutionNotes,
};

/**
 * The list's filters as conditions. A search finds the users whose username contains it (trigram index
 * on users) and then their reports, as reporter or as reported (an index on each column).
 */
function reportConditions(query: ListUserReportsQuery): SQL[] {
  const where: SQL[] = [];
  if (query.status) where.push(eq(userReports.status, query.status));
  if (query.type) where.push(eq(userReports.reportType, query.type));
  if (query.start) where.push(sql`${userReports.createdAt} >= ${query.start}::timestamptz`);
  if (query.end) where.push(sql`${userReports.createdAt} < ${query.end}::timestamptz`);
  if (query.search) {
    const matches = usernameMatches(query.search);
    where.push(
      sql`(${userReports.reporterId} in (${matches}) or ${userReports.reportedUserId} in (${matches}))`,
    );
  }
  return where;
}

/** Whether the list's total needs counting: a filter no counter keeps (type, date, search). */
export const countedFilter = (query: ListUserReportsQuery) =>
  Boolean(query.type || query.start || query.end || query.search);

/**
 * Newest first, over the (created_at, id), (status, created_at, id) or (report_type, created_at, id)
 * index; after the cursor's (created_at, id) when there is one, else at an OFFSET.
 */
export async function listReports(
  db: Executor,
  query: ListUserReportsQuery,
  { after, offset }: PagePosition,
): Promise<UserReport[]> {
  return db
    .select(reportColumns)
    .from(userReports)
    .where(and(...reportConditions(query), after && olderThan(userReports.createdAt, userReports.id, after)))
    .orderBy(desc(userReports.createdAt), desc(userReports.id))
    .limit(query.per_page)
    .offset(offset);
}

/** A filtered list's total, counted up to `cap`. */
export async function countReports(db: Executor, query: ListUserReportsQuery, cap: number): Promise<number> {
  return countUpTo(db, sql`${userReports} where ${and(sql`true`, ...reportConditions(query))}`, cap);
}

export async function reportCounters(db: Executor) {
  return readCounters(db, [
    'user_reports.total',
    'user_reports.pending',
    'user_reports.reviewed',
    'user_reports.resolved',
    'user_reports.dismissed',
  ]);
}

export async function countRecentReports(db: Executor): Promise<number> {
  return countUpTo(
    db,
    sql`${userReports} where ${userReports.createdAt} > now() - interval '24 hours'`,
    COUNT_CAP,
  );
}

export async function findReportForUpdate(tx: Executor, id: number): Promise<UserReport | undefined> {
  const [row] = await tx.select(reportColumns).from(userReports).where(eq(userReports.id, id)).for('update');
  return row;
}

export async function closeReport(
  tx: Executor,
  id: number,
  change: { status: Extract<ReportStatus, 'resolved' | 'dismissed'>; notes: string; by: string },
): Promise<UserReport> {
  const [row] = await tx
    .update(userReports)
    .set({
      status: change.status,
      resolutionNotes: change.notes,
      resolvedBy: change.by,
      updatedAt: sql`now()`,
    })
    .where(eq(userReports.id, id))
    .returning(reportColumns);
  if (!row) throw new Error(`report ${id} vanished under its lock`);
  return row;
}

/** Back to pending: the outcome, its notes and who decided are cleared. */
export async function reopenReport(tx: Executor, id: number): Promise<UserReport> {
  const [row] = await tx
    .update(userReports)
    .set({ status: 'pending', resolutionNotes: null, resolvedBy: null, updatedAt: sql`now()` })
    .where(eq(userReports.id, id))
    .returning(reportColumns);
  if (!row) throw new Error(`report ${id} vanished under its lock`);
  return row;
}
