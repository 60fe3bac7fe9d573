import {
  CLIENT_ERROR_MESSAGES,
  CLIENT_ERROR_REPORTS_PER_MINUTE,
  reportClientErrorEndpoint,
} from '@switchboard/contract/client-errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { clientNetwork } from '../../http/client-network.ts';
import { route } from '../../http/endpoint-route.ts';
import { HttpError } from '../../http/http-error.ts';
import { requestContext } from '../../http/request-context.ts';
import { reportClientError } from './client-errors.service.ts';

export const clientErrorRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  route(
    app,
    reportClientErrorEndpoint,
    async (request) => {
      const from = { ...requestContext(request), authorization: request.headers.authorization };
      await reportClientError(deps.db, deps, request.body, from);
      return { success: true as const, message: CLIENT_ERROR_MESSAGES.reported };
    },
    {
      config: {
        // Per client, in this process's memory: enough to stop one client flooding the system logs.
        rateLimit: {
          max: CLIENT_ERROR_REPORTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => clientNetwork(request.ip),
          errorResponseBuilder: () => new HttpError(429, CLIENT_ERROR_MESSAGES.tooMany),
        },
      },
    },
  );
};
