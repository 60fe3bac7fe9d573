import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (_app, _options) => {};
