import { healthEndpoints } from '@switchboard/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/endpoint-route.ts';
import type { Monitoring } from '../monitoring/monitoring.service.ts';

/** Readiness answers within a second, always: a database that does not answer by then counts as down. */
const READY_PING_DEADLINE_MS = 800;

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; monitoring: Monitoring }> = async (
  app,
  { deps, monitoring },
) => {
  route(app, healthEndpoints.live, async () => ({ status: 'ok' as const, uptime: process.uptime() }));

  route(app, healthEndpoints.ready, async (_request, reply) => {
    if (deps.drain.draining)
      return reply.status(503).send({
        status: 'draining',
        database: 'up',
        redis: monitoring.redisState(),
        uptime: process.uptime(),
      });
    try {
      await withDeadline(deps.database.ping(), READY_PING_DEADLINE_MS);
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
