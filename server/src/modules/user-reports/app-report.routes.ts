import { appActionEndpoints } from '@switchboard/contract/app-actions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAccount } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { reportUser } from './app-report.service.ts';

/** A calling app reports a user. */
export const appReportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, appActionEndpoints.reportUser, async (request) => ({
    success: true as const,
    data: await reportUser(deps.db, requireAccount(request).id, request.body),
  }));
};
