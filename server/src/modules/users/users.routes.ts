import { createUserEndpoint } from '@switchboard/contract/user-create';
import { USER_ACTION_MESSAGES, USER_ERASE_MESSAGES, usersEndpoints } from '@switchboard/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import {
  applyUserAction,
  createUser,
  deleteUser,
  erasePersonalData,
  type GrantableRole,
  getUser,
  listUsers,
  setUserAdmin,
  type WelcomeAccount,
} from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{
  deps: AppDeps;
  grantableRole: GrantableRole;
  welcome?: WelcomeAccount;
}> = async (app, { deps, grantableRole, welcome }) => {
  const { db } = deps;

  route(app, usersEndpoints.list, async (request) => ({
    success: true as const,
    data: await listUsers(db, request.query),
  }));

  route(app, usersEndpoints.get, async (request) => ({
    success: true as const,
    data: await getUser(db, request.params.id),
  }));

  route(app, createUserEndpoint, async (request) => {
    const user = await createUser(
      db,
      requireAdmin(request),
      request.body,
      requestContext(request),
      grantableRole,
      welcome,
    );
    return { success: true as const, data: user };
  });

  route(app, usersEndpoints.setAdmin, async (request) => {
    const user = await setUserAdmin(
      db,
      requireAdmin(request),
      request.params.id,
      request.body,
      requestContext(request),
      grantableRole,
    );
    return { success: true as const, data: user };
  });

  route(app, usersEndpoints.delete, async (request) => {
    await deleteUser(db, requireAdmin(request), request.params.id, requestContext(request));
    deps.userPush.disconnectUsers([request.params.id]);
    return { success: true as const, message: USER_ACTION_MESSAGES.deleted };
  });

  route(app, usersEndpoints.erase, async (request) => {
    await erasePersonalData(db, requireAdmin(request), request.params.id, requestContext(request));
    return { success: true as const, message: USER_ERASE_MESSAGES.erased };
  });

  route(app, usersEndpoints.bulk, async (request) => {
    const result = await applyUserAction(
      db,
      requireAdmin(request),
      request.body,
      requestContext(request),
      grantableRole,
    );
    // A deleted user's sessions end with the row; their live sockets are closed here, on every instance.
    if (request.body.action === 'delete') deps.userPush.disconnectUsers(request.body.user_ids);
    // A suspension ends their sessions in the same statement (trigger on users); close the sockets too.
    if (request.body.action === 'suspend' && result.changed) deps.userPush.disconnectUsers(result.changed);
    const { affected } = result;
    return { success: true as const, message: USER_ACTION_MESSAGES[request.body.action](affected), affected };
  });
};
