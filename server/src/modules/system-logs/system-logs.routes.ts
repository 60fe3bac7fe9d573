import { systemLogsEndpoints } from '@switchboard/contract/system-logs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/endpoint-route.ts';
import { logStats, systemLogsPage } from './system-logs.service.ts';

export const systemLogsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, systemLogsEndpoints.list, async (request) => ({
    success: true as const,
    data: await systemLogsPage(deps.db, request.query),
  }));

  route(app, systemLogsEndpoints.stats, async () => ({
    success: true as const,
    data: await logStats(deps.db),
  }));
};
