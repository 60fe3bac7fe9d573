import { ROLE_MESSAGES } from '@switchboard/contract/admin-roles';
import { LOGIN_MESSAGES } from '@switchboard/contract/auth';
import { allows, type EndpointPermission } from '@switchboard/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { AccessTokens, AdminPrincipal } from '../modules/auth/access-token.ts';
import { authenticateAdmin, bearerToken } from '../modules/auth/authenticate.ts';
import type { LiveAccess } from '../modules/auth/live-access.ts';
import { recordRefusedAccess } from '../modules/security/threat-events.ts';
import { forbidden, unauthorized } from './http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without signing in. Every route not marked so requires a signed-in admin. */
    public?: boolean;
    /** Further restricts a route to root administrators. */
    role?: 'root';
    /** What a non-root admin's role must hold; a guarded route without one is root's alone. */
    permission?: EndpointPermission;
  }
  interface FastifyRequest {
    admin: AdminPrincipal | null;
  }
}

export const API_PREFIX = '/api/v1';

/**
 * Deny by default: every /api/v1 route needs a valid access token of an active admin unless its
 * route config says `public: true`. The decision uses the route the router matched, never the raw
 * URL, so a percent-encoded path (`/%61pi/v1/…`) cannot slip past it.
 */
export function installAuthGuard(
  app: FastifyInstance,
  deps: { db: Database; tokens: AccessTokens; liveAccess: LiveAccess },
): void {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions;
    if (!route.url?.startsWith(`${API_PREFIX}/`) || route.config?.public) return;

    const principal = await authenticateAdmin(deps, bearerToken(request.headers.authorization));
    if (!principal) {
      await recordRefusedAccess(deps.db, request, 401, null);
      throw unauthorized(LOGIN_MESSAGES.notSignedIn);
    }
    if (route.config?.role === 'root' && !principal.isRootAdmin) {
      await recordRefusedAccess(deps.db, request, 403, principal);
      throw forbidden(LOGIN_MESSAGES.rootOnly);
    }
    if (!principal.isRootAdmin && !allows(principal.permissions ?? [], route.config?.permission)) {
      await recordRefusedAccess(deps.db, request, 403, principal);
      throw forbidden(ROLE_MESSAGES.denied);
    }
    request.admin = principal;
  });
  // Any write may end a session or change an account (sign-out, demotion, deletion, reset, and any
  // later endpoint): the kept answers go before its response does, so the next request is read fresh.
  app.addHook('onSend', async (request) => {
    if (!SAFE_METHODS.has(request.method)) deps.liveAccess.changed();
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The signed-in admin of a guarded route (the guard has already rejected anonymous requests). */
export function requireAdmin(request: FastifyRequest): AdminPrincipal {
  if (!request.admin) throw unauthorized(LOGIN_MESSAGES.notSignedIn);
  return request.admin;
}
