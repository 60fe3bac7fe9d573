import { LoginRequest, REFRESH_TOKEN_HEADER, TokenResponse } from '@switchboard/contract/auth';
import { SuccessMessage } from '@switchboard/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requestContext } from '../../http/request-context.ts';
import { login, logout, refreshSession } from './auth.service.ts';

const RefreshTokenHeaders = z.object({
  [REFRESH_TOKEN_HEADER]: z
    .string()
    .optional()
    .describe('the refresh token from sign-in or the last refresh'),
});

export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: { tags: ['auth'], security: [], body: LoginRequest, response: { 200: TokenResponse } },
    },
    async (request) => login(deps, request.body, requestContext(request)),
  );

  await app.register(sessionRoutes, { deps });
};

/** Refresh and logout carry the token in a header; spec §7's client sends a JSON content type with no body. */
const sessionRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0) return done(null, undefined);
    parseJson(request, text, done);
  });

  app.post(
    '/auth/refresh-token',
    {
      // Public: the access token may already have expired, which is why the client refreshes.
      config: { public: true },
      schema: {
        tags: ['auth'],
        security: [],
        headers: RefreshTokenHeaders,
        response: { 200: TokenResponse },
      },
    },
    async (request) => refreshSession(deps, request.headers[REFRESH_TOKEN_HEADER], requestContext(request)),
  );

  app.post(
    '/auth/logout',
    {
      // Public so that a client whose access token expired can still end its session.
      config: { public: true },
      schema: {
        tags: ['auth'],
        security: [],
        headers: RefreshTokenHeaders,
        response: { 200: SuccessMessage },
      },
    },
    async (request) => {
      await logout(deps, request.headers[REFRESH_TOKEN_HEADER]);
      return { success: true as const, message: 'Logged out' };
    },
  );
};
