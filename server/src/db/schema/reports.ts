import { REPORT_STATUSES, REPORT_TYPES } from '@switchboard/contract/user-reports';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, oneOf, updatedAt } from './columns.ts';
import { users } from './users.ts';

export { REPORT_STATUSES, REPORT_TYPES };

export const userReports = pgTable(
  'user_reports',
  {
    id: bigId(),
    reportType: text('report_type', { enum: REPORT_TYPES }).notNull(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reportedUserId: text('reported_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    description: text('description'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('pending'),
    resolutionNotes: text('resolution_notes'),
    resolvedBy: text('resolved_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_reports_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('user_reports_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('user_reports_time_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('user_reports_status_time_id_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('user_reports_reported_idx').on(t.reportedUserId),
    // The Reports screen's type filter, and its search by username (the reporter's side).
    index('user_reports_type_time_id_idx').on(t.reportType, t.createdAt.desc(), t.id.desc()),
    // A user's page: the reports they filed, and those against them, newest first.
    index('user_reports_reporter_time_idx').on(t.reporterId, t.createdAt.desc(), t.id.desc()),
    index('user_reports_reported_time_idx').on(t.reportedUserId, t.createdAt.desc(), t.id.desc()),
    check('user_reports_report_type_check', oneOf(t.reportType, REPORT_TYPES)),
    check('user_reports_status_check', oneOf(t.status, REPORT_STATUSES)),
  ],
);
