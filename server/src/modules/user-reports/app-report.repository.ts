import type { Executor } from '../../db/client.ts';
import { userReports } from '../../db/schema/reports.ts';

export type NewReport = Pick<
  typeof userReports.$inferInsert,
  'reportType' | 'reporterId' | 'reportedUserId' | 'reason' | 'description'
>;

/** A pending report, as the User Reports screen lists it (its counters follow by trigger). */
export async function insertReport(db: Executor, report: NewReport) {
  const [row] = await db.insert(userReports).values(report).returning();
  if (!row) throw new Error('report not written');
  return row;
}
