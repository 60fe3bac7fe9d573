import { z } from 'zod';
import {
  envelope,
  IsoDateTime,
  perPageFields,
  perPageQuery,
  SuccessMessage,
  searchText,
  timeRangeQuery,
  totalCapped,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { REPORTS_READ, REPORTS_WRITE } from './permissions.ts';

export const USER_REPORTS_PAGE_SIZE = 20;
export const REPORT_TYPES = ['harassment', 'spam', 'inappropriate_content', 'fake_profile'] as const;
export const REPORT_STATUSES = ['pending', 'reviewed', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const USER_REPORT_MESSAGES = {
  fetchFailed: 'Failed to fetch reports data',
  resolveFailed: 'Failed to resolve report',
  dismissFailed: 'Failed to dismiss report',
  suspendFailed: 'Failed to suspend user',
  notesRequired: 'Resolution notes are required',
  reasonRequired: 'Dismissal reason is required',
  notFound: 'Report not found',
  notPending: 'Only pending reports can be resolved or dismissed',
  notClosed: 'Only a resolved or dismissed report can be reopened',
  reopened: 'Report reopened',
  reopenFailed: 'Failed to reopen report',
  noReportedUser: 'This report has no reported user',
  resolved: 'Report resolved',
  dismissed: 'Report dismissed',
  suspended: 'User suspended',
  alreadySuspended: 'User is already suspended',
  cannotSuspendSelf: 'You cannot suspend yourself',
  cannotSuspendRoot: 'A root administrator cannot be suspended',
  suspendReasonRequired: 'Say why the user is suspended',
  rangeBackwards: 'The end must be after the start',
} as const;

export const UserReport = z.object({
  id: z.number().int(),
  report_type: z.enum(REPORT_TYPES),
  reporter_id: z.string().nullable(),
  /** The reporter's username; null when there is no reporter. */
  reporter_username: z.string().nullable(),
  reported_user_id: z.string().nullable(),
  /** The reported user's username; null when there is no reported user. */
  reported_user_username: z.string().nullable(),
  reason: z.string(),
  description: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  resolution_notes: z.string().nullable(),
});
export type UserReport = z.infer<typeof UserReport>;

export const ListUserReportsQuery = z
  .object({
    ...perPageQuery(USER_REPORTS_PAGE_SIZE),
    status: z.enum(REPORT_STATUSES).optional().catch(undefined),
    type: z.enum(REPORT_TYPES).optional(),
    /** Part of the reporter's or the reported user's username. */
    search: searchText(),
    /** When the report was made: from `start` (inclusive) to `end` (exclusive). */
    ...timeRangeQuery,
  })
  .superRefine((value, ctx) => {
    if (value.start && value.end && Date.parse(value.end) <= Date.parse(value.start))
      ctx.addIssue({ code: 'custom', path: ['end'], message: USER_REPORT_MESSAGES.rangeBackwards });
  });
export type ListUserReportsQuery = z.infer<typeof ListUserReportsQuery>;

export const UserReportsPage = z.object({
  reports: z.array(UserReport),
  ...perPageFields,
  /** A search or a type or date filter is counted up to 10,000. */
  total_capped: totalCapped,
});
export type UserReportsPage = z.infer<typeof UserReportsPage>;

export const ReportStats = z.object({
  total_reports: z.number().int(),
  pending_reports: z.number().int(),
  reviewed_reports: z.number().int(),
  resolved_reports: z.number().int(),
  dismissed_reports: z.number().int(),
  last_24h_reports: z.number().int(),
});
export type ReportStats = z.infer<typeof ReportStats>;

/** Why the reported user is suspended: the console asks for it; older clients may send no body. */
export const SuspendReportedUserRequest = z.object({
  reason: z
    .string({ error: USER_REPORT_MESSAGES.suspendReasonRequired })
    .trim()
    .min(1, USER_REPORT_MESSAGES.suspendReasonRequired)
    .max(500)
    .optional(),
});
export type SuspendReportedUserRequest = z.infer<typeof SuspendReportedUserRequest>;

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(2000);
const Id = z.object({ id: z.coerce.number().int().min(1) });

export const userReportsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/user-reports',
    tag: 'user-reports',
    access: 'admin',
    permission: REPORTS_READ,
    query: ListUserReportsQuery,
    response: envelope(UserReportsPage),
  }),
  stats: endpoint({
    method: 'GET',
    path: '/user-reports/stats',
    tag: 'user-reports',
    access: 'admin',
    permission: REPORTS_READ,
    response: envelope(ReportStats),
  }),
  resolve: endpoint({
    method: 'POST',
    path: '/user-reports/:id/resolve',
    tag: 'user-reports',
    access: 'admin',
    permission: REPORTS_WRITE,
    params: Id,
    body: z.object({ resolution_notes: required(USER_REPORT_MESSAGES.notesRequired) }),
    response: envelope(UserReport),
  }),
  dismiss: endpoint({
    method: 'POST',
    path: '/user-reports/:id/dismiss',
    tag: 'user-reports',
    access: 'admin',
    permission: REPORTS_WRITE,
    params: Id,
    body: z.object({ dismissal_reason: required(USER_REPORT_MESSAGES.reasonRequired) }),
    response: envelope(UserReport),
  }),
  /**
   * Beyond the spec: a resolved or dismissed report back to pending, its notes cleared (the console's
   * Undo after a resolve or dismiss). Audited as user_report.reopen.
   */
  reopen: endpoint({
    method: 'POST',
    path: '/user-reports/:id/reopen',
    tag: 'user-reports',
    access: 'admin',
    permission: REPORTS_WRITE,
    params: Id,
    response: envelope(UserReport),
  }),
  /** Beyond the spec: deactivates the reported user (sign-in refused, sessions end). */
  suspendReportedUser: endpoint({
    method: 'POST',
    path: '/user-reports/:id/suspend-user',
    tag: 'user-reports',
    access: 'admin',
    permission: REPORTS_WRITE,
    params: Id,
    body: SuspendReportedUserRequest.nullish(),
    response: SuccessMessage,
  }),
};
