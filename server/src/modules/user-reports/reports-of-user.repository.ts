import type { UserReportRow } from '@switchboard/contract/user-sections';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { olderThan } from '../../db/keyset-cursor.ts';
import { userReports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';

/**
 * A page of the reports a user filed or the reports against them, newest first, over
 * user_reports_reporter_time_idx or user_reports_reported_time_idx; the other party's name joined by key.
 */
export async function userReportsPage(
  db: Executor,
  userId: string,
  side: 'filed' | 'against',
  after: [string, string] | undefined,
  limit: number,
): Promise<UserReportRow[]> {
  const own = side === 'filed' ? userReports.reporterId : userReports.reportedUserId;
  const other = side === 'filed' ? userReports.reportedUserId : userReports.reporterId;
  const rows = await db
    .select({
      id: userReports.id,
      report_type: userReports.reportType,
      reason: userReports.reason,
      status: userReports.status,
      other_party_id: other,
      other_party_username: sql<
        string | null
      >`(select ${users.username} from ${users} where ${users.id} = ${other})`,
      created_at: userReports.createdAt,
    })
    .from(userReports)
    .where(and(eq(own, userId), after ? olderThan(userReports.createdAt, userReports.id, after) : undefined))
    .orderBy(desc(userReports.createdAt), desc(userReports.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

export async function countUserReports(
  db: Executor,
  userId: string,
): Promise<{ filed: number; against: number }> {
  const [filed, against] = await Promise.all([
    db.$count(userReports, eq(userReports.reporterId, userId)),
    db.$count(userReports, eq(userReports.reportedUserId, userId)),
  ]);
  return { filed, against };
}

/** The export: every report the user filed or that names them. */
export async function allUserReports(db: Executor, userId: string) {
  return db
    .select()
    .from(userReports)
    .where(or(eq(userReports.reporterId, userId), eq(userReports.reportedUserId, userId)))
    .orderBy(asc(userReports.createdAt), asc(userReports.id));
}
