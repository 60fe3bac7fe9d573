import { LOGIN_MESSAGES } from '@switchboard/contract/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { AccessTokens, AccountPrincipal, AdminPrincipal } from '../modules/auth/access-token.ts';
import { authenticateAccount, bearerToken } from '../modules/auth/authenticate.ts';
import type { LiveAccess } from '../modules/auth/live-access.ts';
import { recordRefusedAccess } from '../modules/security/threat-events.ts';
import { forbidden, unauthorized } from './http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without signing in. Every route not marked so requires a signed-in admin. */
    public?: boolean;
    /** Opens a route to any signed-in active account: a calling app's session as well as the console's. */
    user?: boolean;
    /** Further restricts a route to root administrators. */
    role?: 'root';
  }
  interface FastifyRequest {
    /** The signed-in account on a guarded route (an app user or an admin). */
    account: AccountPrincipal | null;
    /** The same, when it is an admin signed in to the console. */
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
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions;
    if (!route.url?.startsWith(`${API_PREFIX}/`) || route.config?.public) return;

    const principal = await authenticateAccount(deps, bearerToken(request.headers.authorization));
    if (!principal) {
      await recordRefusedAccess(deps.db, request, 401, null);
      throw unauthorized(LOGIN_MESSAGES.notSignedIn);
    }
    request.account = principal;
    if (principal.isAdmin) request.admin = principal;
    if (route.config?.user) return;
    if (!principal.isAdmin) {
      await recordRefusedAccess(deps.db, request, 403, principal);
      throw forbidden(LOGIN_MESSAGES.appTokenRefused);
    }
    if (route.config?.role === 'root' && !principal.isRootAdmin) {
      await recordRefusedAccess(deps.db, request, 403, principal);
      throw forbidden(LOGIN_MESSAGES.rootOnly);
    }
  });
  // Any write may end a session or change an account (sign-out, demotion, deletion, reset, and any
  // later endpoint): the kept answers go before its response does, so the next request is read fresh.
  app.addHook('onSend', async (request) => {
    if (!SAFE_METHODS.has(request.method)) deps.liveAccess.changed();
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The signed-in account of a `user` route (the guard has already rejected anonymous requests). */
export function requireAccount(request: FastifyRequest): AccountPrincipal {
  if (!request.account) throw unauthorized(LOGIN_MESSAGES.notSignedIn);
  return request.account;
}

/** The signed-in admin of a guarded route (the guard has already rejected anonymous requests). */
export function requireAdmin(request: FastifyRequest): AdminPrincipal {
  if (!request.admin) throw unauthorized(LOGIN_MESSAGES.notSignedIn);
  return request.admin;
}
