import { SuccessMessage } from '@switchboard/contract/common';
import {
  BulkUserAction,
  BulkUserActionResponse,
  CreateUserRequest,
  ListUsersQuery,
  ListUsersResponse,
  SetAdminRequest,
  USER_ACTION_MESSAGES,
  USER_ERASE_MESSAGES,
  UserIdParams,
  UserResponse,
} from '@switchboard/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import { requestContext } from '../../http/request-context.ts';
import {
  applyUserAction,
  createUser,
  deleteUser,
  erasePersonalData,
  getUser,
  listUsers,
  setUserAdmin,
} from './users.service.ts';

/** Spec §2 Users screen. All routes need a signed-in admin (the global guard), despite "public" in the list's path. */
export const usersRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const tags = ['users'];

  app.get(
    '/admin/public/users',
    { schema: { tags, querystring: ListUsersQuery, response: { 200: ListUsersResponse } } },
    async (request) => ({ success: true as const, data: await listUsers(db, request.query) }),
  );

  app.get(
    '/admin/users/:id',
    { schema: { tags, params: UserIdParams, response: { 200: UserResponse } } },
    async (request) => ({ success: true as const, data: await getUser(db, request.params.id) }),
  );

  app.post(
    '/admin/users',
    { schema: { tags, body: CreateUserRequest, response: { 201: UserResponse } } },
    async (request, reply) => {
      const user = await createUser(db, requireAdmin(request), request.body, requestContext(request));
      return reply.status(201).send({ success: true, data: user });
    },
  );

  app.patch(
    '/admin/users/:id/admin',
    { schema: { tags, params: UserIdParams, body: SetAdminRequest, response: { 200: UserResponse } } },
    async (request) => {
      const { id } = request.params;
      const user = await setUserAdmin(
        db,
        requireAdmin(request),
        id,
        request.body.is_admin,
        requestContext(request),
      );
      return { success: true as const, data: user };
    },
  );

  app.delete(
    '/admin/users/:id',
    { schema: { tags, params: UserIdParams, response: { 200: SuccessMessage } } },
    async (request) => {
      await deleteUser(db, requireAdmin(request), request.params.id, requestContext(request));
      return { success: true as const, message: USER_ACTION_MESSAGES.deleted };
    },
  );

  app.post(
    '/admin/users/:id/erase',
    { config: { role: 'root' }, schema: { tags, params: UserIdParams, response: { 200: SuccessMessage } } },
    async (request) => {
      await erasePersonalData(db, requireAdmin(request), request.params.id, requestContext(request));
      return { success: true as const, message: USER_ERASE_MESSAGES.erased };
    },
  );

  app.post(
    '/admin/users/bulk',
    { schema: { tags, body: BulkUserAction, response: { 200: BulkUserActionResponse } } },
    async (request) => {
      const { affected } = await applyUserAction(
        db,
        requireAdmin(request),
        request.body,
        requestContext(request),
      );
      return {
        success: true as const,
        message: USER_ACTION_MESSAGES[request.body.action](affected),
        affected,
      };
    },
  );
};
