import { callsEndpoints } from '@switchboard/contract/calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import { route, routeFile } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import { getCallStatistics } from './call-statistics.service.ts';
import { activeCalls, callHistory, callQuality, endCall, getCall, listCalls } from './calls.service.ts';
import { callsCsv } from './calls-csv.ts';

export const callsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  route(app, callsEndpoints.list, async (request) => ({
    success: true as const,
    data: await listCalls(db, request.query),
  }));

  route(app, callsEndpoints.statistics, async (request) => ({
    success: true as const,
    data: await getCallStatistics(db, request.query),
  }));

  route(app, callsEndpoints.active, async () => ({
    success: true as const,
    data: { calls: await activeCalls(db) },
  }));

  route(app, callsEndpoints.history, async (request) => ({
    success: true as const,
    data: await callHistory(db, request.query),
  }));

  route(app, callsEndpoints.get, async (request) => ({
    success: true as const,
    data: await getCall(db, request.params.id),
  }));

  route(app, callsEndpoints.quality, async (request) => ({
    success: true as const,
    data: await callQuality(db, request.params.id),
  }));

  route(app, callsEndpoints.end, async (request) => ({
    success: true as const,
    data: await endCall(db, deps.userPush, requireAdmin(request), request.params.id, requestContext(request)),
  }));

  routeFile(app, callsEndpoints.exportCsv, async (request) => ({
    filename: `calls-${new Date().toISOString().slice(0, 10)}.csv`,
    body: await callsCsv(db, request.query),
  }));
};
