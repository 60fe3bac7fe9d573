import { AddCoinsHeaders, coinsEndpoints, IDEMPOTENCY_KEY_HEADER } from '@switchboard/contract/coins';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import { addCoins, listCoins, reverseCoinTransaction, userLedger } from './coins.service.ts';

export const coinsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  route(app, coinsEndpoints.list, async (request) => ({
    success: true as const,
    data: await listCoins(db, request.query),
  }));

  route(
    app,
    coinsEndpoints.add,
    async (request) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const data = await addCoins(
        db,
        requireAdmin(request),
        request.body,
        typeof key === 'string' ? key : undefined,
        requestContext(request),
      );
      return { success: true as const, data };
    },
    { headers: AddCoinsHeaders },
  );

  route(app, coinsEndpoints.reverse, async (request) => ({
    success: true as const,
    data: await reverseCoinTransaction(db, requireAdmin(request), request.params.id, requestContext(request)),
  }));

  route(app, coinsEndpoints.userLedger, async (request) => ({
    success: true as const,
    data: await userLedger(db, request.params.id, request.query),
  }));
};
