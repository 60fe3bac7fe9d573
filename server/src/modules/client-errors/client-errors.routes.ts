import {
  CLIENT_ERROR_MESSAGES,
  CLIENT_ERROR_REPORTS_PER_MINUTE,
  ClientErrorReport,
} from '@switchboard/contract/client-errors';
import { SuccessMessage } from '@switchboard/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { clientNetwork } from '../../http/client-network.ts';
import { HttpError } from '../../http/http-error.ts';
import { requestContext } from '../../http/request-context.ts';
import { reportClientError } from './client-errors.service.ts';

/** Spec §7 "Error reporting". Public: the crash screen also shows to signed-out visitors. */
export const clientErrorRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/admin/errors',
    {
      config: {
        public: true,
        // Per client, in this process's memory: enough to stop one client flooding the system logs.
        rateLimit: {
          max: CLIENT_ERROR_REPORTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => clientNetwork(request.ip),
          errorResponseBuilder: () => new HttpError(429, CLIENT_ERROR_MESSAGES.tooMany),
        },
      },
      schema: { tags: ['client-errors'], body: ClientErrorReport, response: { 201: SuccessMessage } },
    },
    async (request, reply) => {
      const from = { ...requestContext(request), authorization: request.headers.authorization };
      await reportClientError(deps, request.body, from);
      return reply.status(201).send({ success: true, message: CLIENT_ERROR_MESSAGES.reported });
    },
  );
};
