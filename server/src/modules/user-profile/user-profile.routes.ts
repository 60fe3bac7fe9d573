import { USER_PROFILE_MESSAGES, userProfileEndpoints } from '@switchboard/contract/user-profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { currentSessionId, requireAdmin } from '../../http/auth-guard.ts';
import { route, routeFile } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import { exportUserData } from './user-export.ts';
import {
  addNote,
  endUserSession,
  getProfile,
  reactivateUser,
  resetSessions,
  restoreDeletedUser,
  suspendUser,
  unlockSignIn,
} from './user-profile.service.ts';
import {
  callsSection,
  followsSection,
  locationsSection,
  notesSection,
  reportsSection,
  securityEventsSection,
  sessionsSection,
} from './user-sections.service.ts';

/** The user page: the header, one paged list per section, the status actions and the export. */
export const userProfileRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const ok = <T>(data: T) => ({ success: true as const, data });

  route(app, userProfileEndpoints.profile, async (request) => ok(await getProfile(db, request.params.id)));

  route(app, userProfileEndpoints.calls, async ({ params, query }) =>
    ok(await callsSection(db, params.id, query)),
  );
  route(app, userProfileEndpoints.reports, async ({ params, query }) =>
    ok(await reportsSection(db, params.id, query)),
  );
  route(app, userProfileEndpoints.follows, async ({ params, query }) =>
    ok(await followsSection(db, params.id, query)),
  );
  route(app, userProfileEndpoints.locations, async ({ params, query }) =>
    ok(await locationsSection(db, params.id, query)),
  );
  route(app, userProfileEndpoints.securityEvents, async ({ params, query }) =>
    ok(await securityEventsSection(db, params.id, query)),
  );
  route(app, userProfileEndpoints.notes, async ({ params, query }) =>
    ok(await notesSection(db, params.id, query)),
  );
  route(app, userProfileEndpoints.sessions, async (request) => {
    const admin = requireAdmin(request);
    const current = request.params.id === admin.id ? currentSessionId(request) : null;
    return ok({ sessions: await sessionsSection(db, admin, request.params.id, current) });
  });
  route(app, userProfileEndpoints.endSession, async (request) => {
    const { id, sessionId } = request.params;
    await endUserSession(db, deps, requireAdmin(request), id, sessionId, requestContext(request));
    return { success: true as const, message: USER_PROFILE_MESSAGES.sessionEnded };
  });
  route(app, userProfileEndpoints.resetSessions, async (request) => {
    const ended = await resetSessions(
      db,
      deps,
      requireAdmin(request),
      request.params.id,
      requestContext(request),
    );
    return { success: true as const, message: USER_PROFILE_MESSAGES.sessionsReset(ended) };
  });

  route(app, userProfileEndpoints.unlockSignIn, async (request) => {
    const cleared = await unlockSignIn(db, requireAdmin(request), request.params.id, requestContext(request));
    return { success: true as const, message: USER_PROFILE_MESSAGES.signInUnlocked(cleared) };
  });

  route(app, userProfileEndpoints.addNote, async (request) =>
    ok(
      await addNote(db, requireAdmin(request), request.params.id, request.body.body, requestContext(request)),
    ),
  );
  route(app, userProfileEndpoints.suspend, async (request) =>
    ok(
      await suspendUser(
        db,
        deps,
        requireAdmin(request),
        request.params.id,
        request.body,
        requestContext(request),
      ),
    ),
  );
  route(app, userProfileEndpoints.reactivate, async (request) =>
    ok(await reactivateUser(db, requireAdmin(request), request.params.id, requestContext(request))),
  );
  route(app, userProfileEndpoints.restore, async (request) =>
    ok(await restoreDeletedUser(db, requireAdmin(request), request.params.id, requestContext(request))),
  );
  routeFile(app, userProfileEndpoints.export, async (request) =>
    exportUserData(db, requireAdmin(request), request.params.id, requestContext(request)),
  );
};
