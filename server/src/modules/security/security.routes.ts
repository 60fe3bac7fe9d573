import { SECURITY_MESSAGES, securityEndpoints } from '@switchboard/contract/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import { route } from '../../http/endpoint-route.ts';
import { requestContext } from '../../http/request-context.ts';
import type { LiveSettings } from '../settings/live-settings.ts';
import type { BlockedIpCache } from './blocked-ip-guard.ts';
import * as service from './security.service.ts';

export const securityRoutes: FastifyPluginAsyncZod<{
  deps: AppDeps;
  blocked: BlockedIpCache;
  live: LiveSettings;
}> = async (app, { deps, blocked, live }) => {
  const { db } = deps;

  route(app, securityEndpoints.events, async (request) => ({
    success: true as const,
    data: await service.listEvents(db, request.query),
  }));

  route(app, securityEndpoints.stats, async () => ({
    success: true as const,
    data: await service.securityStats(db),
  }));

  route(app, securityEndpoints.resolve, async (request) => ({
    success: true as const,
    data: await service.resolveEvent(db, requireAdmin(request), request.params.id, requestContext(request)),
  }));

  route(app, securityEndpoints.reopen, async (request) => ({
    success: true as const,
    data: await service.reopenEvent(db, requireAdmin(request), request.params.id, requestContext(request)),
  }));

  route(app, securityEndpoints.blockedIps, async (request) => ({
    success: true as const,
    data: await service.listBlockedIps(db, request.query),
  }));

  route(app, securityEndpoints.block, async (request) => ({
    success: true as const,
    data: await service.blockIp(
      db,
      { blocked },
      requireAdmin(request),
      request.body,
      requestContext(request),
    ),
  }));

  route(app, securityEndpoints.unblock, async (request) => {
    await service.unblockIp(
      db,
      { blocked },
      requireAdmin(request),
      request.params.ip,
      requestContext(request),
    );
    return { success: true as const, message: SECURITY_MESSAGES.unblocked };
  });

  route(app, securityEndpoints.unblockByBody, async (request) => {
    await service.unblockIp(db, { blocked }, requireAdmin(request), request.body.ip, requestContext(request));
    return { success: true as const, message: SECURITY_MESSAGES.unblocked };
  });

  route(app, securityEndpoints.policies, async () => ({
    success: true as const,
    data: await service.readPolicies(db),
  }));

  route(app, securityEndpoints.savePolicies, async (request) => ({
    success: true as const,
    data: await service.savePolicies(
      db,
      { live },
      requireAdmin(request),
      request.body,
      requestContext(request),
    ),
  }));
};
