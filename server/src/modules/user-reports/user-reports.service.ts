import { SUSPENSION_REASON_MAX } from '@switchboard/contract/user-profile';
import {
  type ListUserReportsQuery,
  type ReportStats,
  USER_REPORT_MESSAGES,
  type UserReport,
  type UserReportsPage,
} from '@switchboard/contract/user-reports';
import type { AppDeps } from '../../app-deps.ts';
import type { Database, Executor } from '../../db/client.ts';
import { nextCursorOf, pagePosition } from '../../db/keyset-cursor.ts';
import { COUNT_CAP, cappedTotal } from '../../db/row-counts.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { conflict, forbidden, notFound } from '../../http/http-error.ts';
import { pageEnvelope } from '../../http/page-envelope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordUsersSuspended } from '../users/user-events.ts';
import { setSuspended } from '../users/user-status.repository.ts';
import { lockUsersForChange } from '../users/users.repository.ts';
import { usernamesById } from '../users/users-directory.repository.ts';
import { recordReportEvent } from './report-events.ts';
import * as repo from './user-reports.repository.ts';

type StoredReport = Omit<UserReport, 'reporter_username' | 'reported_user_username'>;

/** Reports with the usernames of their reporter and reported user: one lookup for all of them. */
async function withUsernames(db: Executor, reports: StoredReport[]): Promise<UserReport[]> {
  const names = await usernamesById(
    db,
    reports.flatMap((r) => [r.reporter_id, r.reported_user_id].filter((id): id is string => id !== null)),
  );
  const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  return reports.map((r) => ({
    ...r,
    reporter_username: nameOf(r.reporter_id),
    reported_user_username: nameOf(r.reported_user_id),
  }));
}

/** Totals come from the counters; a type, date or search filter is counted up to the cap. */
export async function listReports(db: Database, query: ListUserReportsQuery): Promise<UserReportsPage> {
  const [stored, counters, counted] = await Promise.all([
    repo.listReports(db, query, pagePosition(query)),
    repo.reportCounters(db),
    repo.countedFilter(query) ? repo.countReports(db, query, COUNT_CAP + 1) : null,
  ]);
  const reports = await withUsernames(db, stored);
  const { total, totalCapped } =
    counted === null
      ? {
          total: counters[query.status ? (`user_reports.${query.status}` as const) : 'user_reports.total'],
          totalCapped: false,
        }
      : cappedTotal(counted);
  return {
    reports,
    ...pageEnvelope('per_page', query, {
      total,
      totalCapped,
      nextCursor: nextCursorOf(reports, query.per_page, (r) => [r.created_at, r.id]),
    }),
  };
}

export async function reportStats(db: Database): Promise<ReportStats> {
  const [c, recent] = await Promise.all([repo.reportCounters(db), repo.countRecentReports(db)]);
  return {
    total_reports: c['user_reports.total'],
    pending_reports: c['user_reports.pending'],
    reviewed_reports: c['user_reports.reviewed'],
    resolved_reports: c['user_reports.resolved'],
    dismissed_reports: c['user_reports.dismissed'],
    last_24h_reports: recent,
  };
}

/** Pending → resolved (with notes) or dismissed (with a reason); any other state is refused with 409. */
export async function closeReport(
  db: Database,
  actor: AdminPrincipal,
  id: number,
  outcome: { status: 'resolved' | 'dismissed'; notes: string },
  context: RequestContext,
): Promise<UserReport> {
  return db.transaction(async (tx) => {
    const before = await repo.findReportForUpdate(tx, id);
    if (!before) throw notFound(USER_REPORT_MESSAGES.notFound);
    if (before.status !== 'pending') throw conflict(USER_REPORT_MESSAGES.notPending);
    const after = await repo.closeReport(tx, id, { ...outcome, by: actor.id });
    await recordReportEvent(tx, 'report.resolved', after);
    await recordAudit(tx, {
      actor,
      action: outcome.status === 'resolved' ? 'user_report.resolve' : 'user_report.dismiss',
      targetType: 'user_report',
      targetId: String(id),
      before: { status: before.status, resolution_notes: before.resolution_notes },
      after: { status: after.status, resolution_notes: after.resolution_notes },
      context,
    });
    const [shown] = await withUsernames(tx, [after]);
    return shown as UserReport;
  });
}

/**
 * Resolved or dismissed → pending again (the console's Undo after a resolve or dismiss); a pending or
 * reviewed report is refused with 409. Audited with the outcome it undid.
 */
export async function reopenReport(
  db: Database,
  actor: AdminPrincipal,
  id: number,
  context: RequestContext,
): Promise<UserReport> {
  return db.transaction(async (tx) => {
    const before = await repo.findReportForUpdate(tx, id);
    if (!before) throw notFound(USER_REPORT_MESSAGES.notFound);
    if (before.status !== 'resolved' && before.status !== 'dismissed')
      throw conflict(USER_REPORT_MESSAGES.notClosed);
    const after = await repo.reopenReport(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'user_report.reopen',
      targetType: 'user_report',
      targetId: String(id),
      before: { status: before.status, resolution_notes: before.resolution_notes },
      after: { status: after.status, resolution_notes: after.resolution_notes },
      context,
    });
    const [shown] = await withUsernames(tx, [after]);
    return shown as UserReport;
  });
}

/**
 * Deactivates the reported user: sign-in is refused, their sessions end (trigger on users) and,
 * once that is committed, their live sockets are closed on every instance.
 */
export async function suspendReportedUser(
  db: Database,
  { userPush }: Pick<AppDeps, 'userPush'>,
  actor: AdminPrincipal,
  id: number,
  context: RequestContext,
  reason: string | null = null,
): Promise<void> {
  const userId = await db.transaction(async (tx) => {
    const report = await repo.findReportForUpdate(tx, id);
    if (!report) throw notFound(USER_REPORT_MESSAGES.notFound);
    const userId = report.reported_user_id;
    if (!userId) throw conflict(USER_REPORT_MESSAGES.noReportedUser);
    if (userId === actor.id) throw forbidden(USER_REPORT_MESSAGES.cannotSuspendSelf);
    const { targets } = await lockUsersForChange(tx, [userId]);
    const target = targets[0];
    if (!target) throw notFound(USER_REPORT_MESSAGES.noReportedUser);
    if (target.is_root_admin) throw conflict(USER_REPORT_MESSAGES.cannotSuspendRoot);
    if (!target.is_active) throw conflict(USER_REPORT_MESSAGES.alreadySuspended);
    // The user page shows why: the report it came from, and the admin's reason (else what the reporter said).
    const suspensionReason = suspensionReasonOf(id, reason ?? report.reason);
    await setSuspended(tx, [userId], suspensionReason, null);
    await recordUsersSuspended(tx, [target], { reason: suspensionReason, until: null });
    await recordAudit(tx, {
      actor,
      action: 'user.suspend',
      targetType: 'user',
      targetId: userId,
      before: { is_active: true },
      after: { is_active: false, suspension_reason: suspensionReason, suspended_until: null, report_id: id },
      context,
    });
    return userId;
  });
  userPush.disconnectUsers([userId]);
}

/** "Report #12 (spam): <what the reporter wrote>", cut to the suspension reason's length. */
export const suspensionReasonOf = (reportId: number, reported: string): string =>
  `Report #${reportId}: ${reported}`.slice(0, SUSPENSION_REASON_MAX);
