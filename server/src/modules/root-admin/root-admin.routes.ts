import { ROOT_ADMIN_MESSAGES, rootAdminEndpoints } from '@switchboard/contract/root-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import { registerRootAdmin, registrationSettings, registrationStatus } from './root-admin.service.ts';

export const rootAdminRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, rootAdminEndpoints.status, async () => registrationStatus(deps.db));

  route(app, rootAdminEndpoints.settings, async () => registrationSettings(deps.db));

  route(app, rootAdminEndpoints.register, async (request) => {
    await registerRootAdmin(deps.db, request.body, requestContext(request));
    return { success: true as const, message: ROOT_ADMIN_MESSAGES.registered };
  });
};
