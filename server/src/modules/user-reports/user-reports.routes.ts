import { USER_REPORT_MESSAGES, userReportsEndpoints } from '@switchboard/contract/user-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import {
  closeReport,
  listReports,
  reopenReport,
  reportStats,
  suspendReportedUser,
} from './user-reports.service.ts';

export const userReportsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  route(app, userReportsEndpoints.list, async (request) => ({
    success: true as const,
    data: await listReports(db, request.query),
  }));

  route(app, userReportsEndpoints.stats, async () => ({
    success: true as const,
    data: await reportStats(db),
  }));

  route(app, userReportsEndpoints.resolve, async (request) => ({
    success: true as const,
    data: await closeReport(
      db,
      requireAdmin(request),
      request.params.id,
      { status: 'resolved', notes: request.body.resolution_notes },
      requestContext(request),
    ),
  }));

  route(app, userReportsEndpoints.dismiss, async (request) => ({
    success: true as const,
    data: await closeReport(
      db,
      requireAdmin(request),
      request.params.id,
      { status: 'dismissed', notes: request.body.dismissal_reason },
      requestContext(request),
    ),
  }));

  route(app, userReportsEndpoints.reopen, async (request) => ({
    success: true as const,
    data: await reopenReport(db, requireAdmin(request), request.params.id, requestContext(request)),
  }));

  route(app, userReportsEndpoints.suspendReportedUser, async (request) => {
    await suspendReportedUser(
      deps.db,
      deps,
      requireAdmin(request),
      request.params.id,
      requestContext(request),
      request.body?.reason ?? null,
    );
    return { success: true as const, message: USER_REPORT_MESSAGES.suspended };
  });
};
