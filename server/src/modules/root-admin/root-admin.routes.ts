import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';

export const rootAdminRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (_app, _options) => {};
