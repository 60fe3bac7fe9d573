import { dashboardEndpoints as e } from '@switchboard/contract/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/endpoint-route.ts';
import type { Monitoring } from '../monitoring/monitoring.service.ts';
import { readAdminStats, readAnalytics, readDashboard } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; monitoring: Monitoring }> = async (
  app,
  { deps, monitoring },
) => {
  route(app, [e.dashboard, e.publicDashboard], async () => ({
    success: true as const,
    data: await readDashboard(deps.db, { monitoring }),
  }));
  route(app, [e.stats, e.publicStats], async () => ({
    success: true as const,
    data: await readAdminStats(deps.db, { monitoring }),
  }));
  route(app, [e.analytics, e.publicAnalytics], async (req) => ({
    success: true as const,
    data: await readAnalytics(deps.db, req.query.days),
  }));
};
