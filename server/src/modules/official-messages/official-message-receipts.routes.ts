import { appActionEndpoints } from '@switchboard/contract/app-actions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAccount } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { markMessage } from './official-message-receipts.service.ts';

/** A calling app marks its official messages delivered, read or acknowledged. */
export const officialMessageReceiptRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  route(app, appActionEndpoints.markOfficialMessage, async (request) => ({
    success: true as const,
    data: await markMessage(deps.db, requireAccount(request).id, request.params.id, request.params.mark),
  }));
};
