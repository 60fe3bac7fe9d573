import { SuccessMessage } from '@switchboard/contract/common';
import {
  ROOT_ADMIN_MESSAGES,
  RootAdminRegistration,
  RootAdminSettings,
  RootAdminStatus,
} from '@switchboard/contract/root-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requestContext } from '../../http/request-context.ts';
import { registerRootAdmin, registrationSettings, registrationStatus } from './root-admin.service.ts';

/** Public: on a fresh installation nobody can sign in until the first root admin registers here. */
export const rootAdminRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['root-admin'];

  app.get(
    '/admin_root_admin/status',
    { config: { public: true }, schema: { tags, security: [], response: { 200: RootAdminStatus } } },
    async () => registrationStatus(deps.db),
  );

  app.get(
    '/admin_root_admin/settings',
    { config: { role: 'root' }, schema: { tags, response: { 200: RootAdminSettings } } },
    async () => registrationSettings(deps.db),
  );

  app.post(
    '/admin_root_admin/register',
    {
      config: { public: true },
      schema: { tags, security: [], body: RootAdminRegistration, response: { 201: SuccessMessage } },
    },
    async (request, reply) => {
      await registerRootAdmin(deps.db, request.body, requestContext(request));
      return reply.status(201).send({ success: true, message: ROOT_ADMIN_MESSAGES.registered });
    },
  );
};
