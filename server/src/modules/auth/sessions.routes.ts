import { SESSION_MESSAGES, sessionEndpoints } from '@switchboard/contract/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { currentSessionId, requireAdmin } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import { endOtherSessions, endSession, listSessions, requireManagedAdmin } from './sessions.service.ts';

export const sessionsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, sessionEndpoints.mine, async (request) => ({
    success: true as const,
    data: { sessions: await listSessions(deps.db, requireAdmin(request).id, currentSessionId(request)) },
  }));
  route(app, sessionEndpoints.endMine, async (request) => {
    const admin = requireAdmin(request);
    await endSession(deps.db, deps, admin, admin.id, request.params.sessionId, requestContext(request));
    return { success: true as const, message: SESSION_MESSAGES.ended };
  });
  route(app, sessionEndpoints.endOthers, async (request) => {
    const admin = requireAdmin(request);
    const current = currentSessionId(request);
    const count = current ? await endOtherSessions(deps.db, deps, admin.id, current) : 0;
    return { success: true as const, message: SESSION_MESSAGES.othersEnded(count) };
  });
  route(app, sessionEndpoints.ofAdmin, async (request) => {
    const admin = requireAdmin(request);
    await requireManagedAdmin(deps.db, admin, request.params.id);
    const current = request.params.id === admin.id ? currentSessionId(request) : null;
    return {
      success: true as const,
      data: { sessions: await listSessions(deps.db, request.params.id, current) },
    };
  });
  route(app, sessionEndpoints.endOfAdmin, async (request) => {
    const admin = requireAdmin(request);
    await requireManagedAdmin(deps.db, admin, request.params.id);
    await endSession(
      deps.db,
      deps,
      admin,
      request.params.id,
      request.params.sessionId,
      requestContext(request),
    );
    return { success: true as const, message: SESSION_MESSAGES.ended };
  });
};
