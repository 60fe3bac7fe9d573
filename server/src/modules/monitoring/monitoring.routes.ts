import { monitoringEndpoints } from '@switchboard/contract/monitoring';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/endpoint-route.ts';
import { readLiveCounts } from '../../realtime/live-counts.ts';
import { getCallStatistics } from '../calls/call-statistics.service.ts';
import type { Monitoring } from './monitoring.service.ts';

export const monitoringRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; monitoring: Monitoring }> = async (
  app,
  { deps, monitoring },
) => {
  const health = async () => ({ success: true as const, data: await monitoring.detailedHealth() });
  const metrics = async () => {
    const [current, history, instances] = await Promise.all([
      monitoring.current(),
      monitoring.lastHour(),
      monitoring.instances(),
    ]);
    return { success: true as const, data: { current, history, instances } };
  };
  const alerts = async (request: { query: { active?: 'true' | 'false'; limit: number } }) => ({
    success: true as const,
    data: {
      alerts: await monitoring.listAlerts({
        activeOnly: request.query.active === 'true',
        limit: request.query.limit,
      }),
    },
  });

  route(app, monitoringEndpoints.healthDetailed, health);
  route(app, monitoringEndpoints.performanceHealth, health);
  route(app, monitoringEndpoints.metrics, metrics);
  route(app, monitoringEndpoints.performanceMetrics, metrics);
  route(app, monitoringEndpoints.monitoringAlerts, alerts);
  route(app, monitoringEndpoints.performanceAlerts, alerts);

  route(app, monitoringEndpoints.monitoringMetrics, async () => {
    const [h, counts, calls] = await Promise.all([
      monitoring.detailedHealth(),
      readLiveCounts(deps.db),
      getCallStatistics(deps.db),
    ]);
    return {
      success: true as const,
      data: {
        activeConnections: h.active_connections,
        activeCalls: counts.activeCalls,
        onlineUsers: counts.onlineUsers,
        callQuality: { averageQuality: calls.average_quality },
        systemMetrics: {
          cpuUsage: h.cpu_usage,
          memoryUsage: h.memory_usage,
          diskUsage: h.disk_usage,
          networkLatency: h.network_latency,
        },
        timestamp: h.timestamp,
      },
    };
  });

  route(app, monitoringEndpoints.monitoringStatus, async () => {
    const h = await monitoring.detailedHealth();
    const status = h.status === 'critical' ? ('error' as const) : h.status;
    return { success: true as const, data: { status, uptime: h.uptime, instances: h.instances } };
  });
};

/** Prometheus text format at the site root, where scrapers look for it. */
export const prometheusRoute: FastifyPluginAsyncZod<{ monitoring: Monitoring }> = async (
  app,
  { monitoring },
) => {
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const { register } = monitoring.prometheus;
    return reply.type(register.contentType).send(await register.metrics());
  });
};
