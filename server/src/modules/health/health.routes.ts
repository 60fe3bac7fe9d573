import { LivenessResponse, ReadinessResponse } from '@switchboard/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/health/simple',
    { config: { public: true }, schema: { tags: ['health'], response: { 200: LivenessResponse } } },
    async () => ({ status: 'ok' as const, uptime: process.uptime() }),
  );

  app.get(
    '/health/ready',
    {
      config: { public: true },
      schema: { tags: ['health'], response: { 200: ReadinessResponse, 503: ReadinessResponse } },
    },
    async (_request, reply) => {
      try {
        await deps.database.ping();
        return { status: 'ok' as const, database: 'up' as const, uptime: process.uptime() };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: 'down', uptime: process.uptime() });
      }
    },
  );
};
