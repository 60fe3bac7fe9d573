import {
  APP_ACTION_MESSAGES,
  type MyReport,
  type ReportUserRequest,
} from '@switchboard/contract/app-actions';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/http-error.ts';
import { findAccountById } from '../users/users.repository.ts';
import { insertReport } from './app-report.repository.ts';
import { recordReportEvent } from './report-events.ts';

/** An app user reports another user; the report waits as pending for an admin on the User Reports screen. */
export async function reportUser(
  db: Database,
  me: string,
  input: z.infer<typeof ReportUserRequest>,
): Promise<MyReport> {
  if (input.user_id === me) throw badRequest(APP_ACTION_MESSAGES.notYourself, 'user_id');
  if (!(await findAccountById(db, input.user_id))) throw notFound(APP_ACTION_MESSAGES.userNotFound);
  const row = await db.transaction(async (tx) => {
    const inserted = await insertReport(tx, {
      reportType: input.report_type,
      reporterId: me,
      reportedUserId: input.user_id,
      reason: input.reason,
      description: input.description || null,
    });
    await recordReportEvent(tx, 'report.created', {
      id: inserted.id,
      report_type: inserted.reportType,
      reporter_id: inserted.reporterId,
      reported_user_id: inserted.reportedUserId,
      reason: inserted.reason,
      status: inserted.status,
    });
    return inserted;
  });
  return {
    id: row.id,
    report_type: row.reportType,
    reported_user_id: row.reportedUserId,
    reason: row.reason,
    description: row.description,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
