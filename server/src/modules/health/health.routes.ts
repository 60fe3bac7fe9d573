import { healthEndpoints } from '@switchboard/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/endpoint-route.ts';
import type { Monitoring } from '../monitoring/monitoring.service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; monitoring: Monitoring }> = async (
  app,
  { deps, monitoring },
) => {
  route(app, healthEndpoints.live, async () => ({ status: 'ok' as const, uptime: process.uptime() }));

  route(app, healthEndpoints.ready, async (_request, reply) => {
    try {
      await deps.database.ping();
      return {
        status: 'ok' as const,
        database: 'up' as const,
        redis: monitoring.redisState(),
        uptime: process.uptime(),
      };
    } catch {
      return reply.status(503).send({
        status: 'unavailable',
        database: 'down',
        redis: monitoring.redisState(),
        uptime: process.uptime(),
      });
    }
  });
};
