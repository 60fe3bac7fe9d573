import { callInspectorEndpoints } from '@switchboard/contract/call-inspector';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/endpoint-route.ts';
import { inspectCall, setupFunnel, topVerdicts } from './call-inspector.service.ts';

export const callInspectorRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  route(app, callInspectorEndpoints.inspection, async (request) => ({
    success: true as const,
    data: await inspectCall(db, request.params.id),
  }));

  route(app, callInspectorEndpoints.setupFunnel, async (request) => ({
    success: true as const,
    data: await setupFunnel(db, request.query.hours),
  }));

  route(app, callInspectorEndpoints.topVerdicts, async () => ({
    success: true as const,
    data: await topVerdicts(db),
  }));
};
