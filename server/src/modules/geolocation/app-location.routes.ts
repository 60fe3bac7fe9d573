import { appActionEndpoints } from '@switchboard/contract/app-actions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAccount } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { sendLocation } from './app-location.service.ts';

/** A calling app sends its user's location. */
export const appLocationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, appActionEndpoints.sendLocation, async (request) => ({
    success: true as const,
    data: await sendLocation(deps.db, requireAccount(request).id, request.body, request.ip || null),
  }));
};
