import { dashboardEndpoints } from '@switchboard/contract/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/endpoint-route.ts';
import type { Monitoring } from '../monitoring/monitoring.service.ts';
import { readAdminStats, readAnalytics, readDashboard } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; monitoring: Monitoring }> = async (
  app,
  { deps, monitoring },
) => {
  const dashboard = async () => ({ success: true as const, data: await readDashboard(deps, monitoring) });
  const stats = async () => ({ success: true as const, data: await readAdminStats(deps, monitoring) });
  const analytics = async () => ({ success: true as const, data: await readAnalytics(deps) });
  route(app, dashboardEndpoints.dashboard, dashboard);
  route(app, dashboardEndpoints.publicDashboard, dashboard);
  route(app, dashboardEndpoints.stats, stats);
  route(app, dashboardEndpoints.publicStats, stats);
  route(app, dashboardEndpoints.analytics, analytics);
  route(app, dashboardEndpoints.publicAnalytics, analytics);
};
