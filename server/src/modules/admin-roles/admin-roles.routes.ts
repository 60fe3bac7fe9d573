import { adminRoleEndpoints, ROLE_MESSAGES } from '@switchboard/contract/admin-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import { assignRole, createRole, deleteRole, listRoles, updateRole } from './admin-roles.service.ts';

export const adminRolesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const by = (request: Parameters<typeof requestContext>[0]) => ({
    actor: requireAdmin(request),
    context: requestContext(request),
  });

  route(app, adminRoleEndpoints.list, async () => ({
    success: true as const,
    data: { roles: await listRoles(db) },
  }));
  route(app, adminRoleEndpoints.create, async (request) => ({
    success: true as const,
    message: ROLE_MESSAGES.created,
    data: await createRole(db, request.body, by(request)),
  }));
  route(app, adminRoleEndpoints.update, async (request) => ({
    success: true as const,
    message: ROLE_MESSAGES.updated,
    data: await updateRole(db, request.params.id, request.body, by(request)),
  }));
  route(app, adminRoleEndpoints.delete, async (request) => {
    await deleteRole(db, request.params.id, by(request));
    return { success: true as const, message: ROLE_MESSAGES.deleted };
  });
  route(app, adminRoleEndpoints.assign, async (request) => {
    await assignRole(db, request.params.id, request.body.role_id, by(request));
    return { success: true as const, message: ROLE_MESSAGES.assigned };
  });
};
