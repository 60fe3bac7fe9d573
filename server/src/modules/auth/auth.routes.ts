import { appAuthEndpoints, authEndpoints, REFRESH_TOKEN_HEADER } from '@switchboard/contract/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import { appLogin, login, logout, refreshSession, register } from './auth.service.ts';

const RefreshTokenHeaders = z.object({
  [REFRESH_TOKEN_HEADER]: z
    .string()
    .optional()
    .describe('the refresh token from sign-in or the last refresh'),
});

export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, authEndpoints.login, async (request) =>
    login(deps.db, deps, request.body, requestContext(request)),
  );
  route(
    app,
    appAuthEndpoints.login,
    async (request) => appLogin(deps.db, deps, request.body, requestContext(request)),
    { config: { appFacing: true } },
  );
  route(
    app,
    appAuthEndpoints.register,
    async (request) => register(deps.db, deps, request.body, requestContext(request)),
    { config: { appFacing: true } },
  );

  await app.register(sessionRoutes, { deps });
};

/** Refresh and logout carry the token in a header; the web client sends a JSON content type with no body. */
const sessionRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0) return done(null, undefined);
    parseJson(request, text, done);
  });

  route(
    app,
    authEndpoints.refresh,
    async (request) => refreshSession(deps.db, deps, refreshTokenOf(request), requestContext(request)),
    { headers: RefreshTokenHeaders },
  );

  route(
    app,
    authEndpoints.logout,
    async (request) => {
      await logout(deps.db, deps, refreshTokenOf(request));
      return { success: true as const, message: 'Logged out' };
    },
    { headers: RefreshTokenHeaders },
  );
};

function refreshTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[REFRESH_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
}
