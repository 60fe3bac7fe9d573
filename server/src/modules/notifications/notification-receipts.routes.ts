import { appActionEndpoints } from '@switchboard/contract/app-actions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAccount } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { readNotification } from './notification-receipts.service.ts';

/** A calling app marks its own notifications read. */
export const notificationReceiptRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, appActionEndpoints.readNotification, async (request) => ({
    success: true as const,
    data: await readNotification(deps.db, requireAccount(request).id, request.params.id),
  }));
};
