import { monitoringEndpoints as e } from '@switchboard/contract/monitoring';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { readLiveCounts } from '../../db/live-counts.ts';
import { route } from '../../http/endpoint-route.ts';
import { getCallStatistics } from '../calls/call-statistics.service.ts';
import type { Monitoring } from './monitoring.service.ts';

export const monitoringRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; monitoring: Monitoring }> = async (
  app,
  { deps, monitoring },
) => {
  route(app, [e.healthDetailed, e.performanceHealth], async () => ({
    success: true as const,
    data: await monitoring.detailedHealth(),
  }));
  route(app, [e.metrics, e.performanceMetrics], async () => {
    const [current, history, instances] = await Promise.all([
      monitoring.current(),
      monitoring.lastHour(),
      monitoring.instances(),
    ]);
    return { success: true as const, data: { current, history, instances } };
  });
  route(app, [e.monitoringAlerts, e.performanceAlerts], async (request) => ({
    success: true as const,
    data: {
      alerts: await monitoring.listAlerts({
        activeOnly: request.query.active === 'true',
        limit: request.query.limit,
      }),
    },
  }));

  route(app, e.monitoringMetrics, async () => {
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
        ringingCalls: counts.ringingCalls,
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

  route(app, e.monitoringStatus, async () => {
    const h = await monitoring.detailedHealth();
    const status = h.status === 'critical' ? ('error' as const) : h.status;
    return { success: true as const, data: { status, uptime: h.uptime, instances: h.instances } };
  });
};
