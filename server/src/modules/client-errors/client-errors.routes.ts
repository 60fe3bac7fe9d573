import {
  CLIENT_ERROR_MESSAGES,
  CLIENT_ERROR_REPORTS_PER_MINUTE,
  ClientErrorReport,
} from '@switchboard/contract/client-errors';
import { SuccessMessage } from '@switchboard/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { requestContext } from '../../http/request-context.ts';
import { reportClientError } from './client-errors.service.ts';
import { createFixedWindowLimiter } from './fixed-window-limiter.ts';

/** Spec §7 "Error reporting". Public: the crash screen also shows to signed-out visitors. */
export const clientErrorRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const limiter = createFixedWindowLimiter({ limit: CLIENT_ERROR_REPORTS_PER_MINUTE, windowMs: 60_000 });

  app.post(
    '/admin/errors',
    {
      config: { public: true },
      schema: { tags: ['client-errors'], body: ClientErrorReport, response: { 201: SuccessMessage } },
      // Before the body is parsed, so a flood costs as little as possible.
      onRequest: async (request) => {
        const retryAfter = limiter.hit(request.ip);
        if (retryAfter > 0) {
          throw new HttpError(429, CLIENT_ERROR_MESSAGES.tooMany, {
            headers: { 'retry-after': String(retryAfter) },
          });
        }
      },
    },
    async (request, reply) => {
      const from = { ...requestContext(request), authorization: request.headers.authorization };
      await reportClientError(deps, request.body, from);
      return reply.status(201).send({ success: true, message: CLIENT_ERROR_MESSAGES.reported });
    },
  );
};
