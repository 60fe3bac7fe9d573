import { ROLE_MESSAGES } from '@switchboard/contract/admin-roles';
import { LOGIN_MESSAGES } from '@switchboard/contract/auth';
import { allows, type EndpointPermission } from '@switchboard/contract/permissions';
import { SETTINGS_MESSAGES } from '@switchboard/contract/settings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AccountPrincipal,
  type AdminPrincipal,
  bearerToken,
  type SessionPrincipal,
} from './access-token.ts';
import { clientNetwork } from './client-network.ts';
import { retryAfterSeconds } from './fixed-window-limiter.ts';
import { forbidden, HttpError, unauthorized } from './http-error.ts';
import type { RequestBudgets } from './request-budgets.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without signing in. Every route not marked so requires a signed-in admin. */
    public?: boolean;
    /** Opens a route to any signed-in active account: a calling app's session as well as the console's. */
    user?: boolean;
    /** Further restricts a route to root administrators. */
    role?: 'root';
    /** What a non-root admin's role must hold; a guarded route without one is root's alone. */
    permission?: EndpointPermission;
  }
  interface FastifyRequest {
    /** The signed-in account on a guarded route (an app user or an admin). */
    account: AccountPrincipal | null;
    /** The same, when it is an admin signed in to the console. */
    admin: AdminPrincipal | null;
  }
}

export const API_PREFIX = '/api/v1';

/** What the guard asks of the modules above it; app.ts hands it over. */
export interface AuthGuardDeps {
  /** Where the anonymous budget below is counted (shared by every instance with REDIS_URL). */
  budgets: RequestBudgets;
  /** The account a bearer token belongs to while the account and session are live, else null. */
  authenticate(token: string | null): Promise<AccountPrincipal | null>;
  /** Keeps a refused request as a security event (when the security settings ask for it). */
  recordRefused(
    request: FastifyRequest,
    status: 401 | 403,
    principal: AccountPrincipal | null,
  ): Promise<void>;
  /** Keeps the first request past the anonymous limit as a security event. */
  recordRateLimited(request: FastifyRequest): Promise<void>;
  /** After a write: who has access may have changed, so kept answers are read again. */
  accessChanged(): void;
}

/**
 * Requests refused for want of a valid token, per client network per minute. Past it they get a 429
 * straight away, before any database work (each 401 records a security event): a flood of
 * anonymous requests cannot turn into a flood of writes. A console whose token expired makes a few.
 */
export const UNAUTHENTICATED_REQUESTS_PER_MINUTE = 60;
const MINUTE_MS = 60_000;

/**
 * Deny by default: every /api/v1 route needs a valid access token of an active admin unless its
 * route config says `public: true`. The decision uses the route the router matched, never the raw
 * URL, so a percent-encoded path (`/%61pi/v1/…`) cannot slip past it.
 */
export function installAuthGuard(app: FastifyInstance, deps: AuthGuardDeps): void {
  app.decorateRequest('admin', null);
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions;
    if (!route.url?.startsWith(`${API_PREFIX}/`) || route.config?.public) return;

    const principal = await deps.authenticate(bearerToken(request.headers.authorization));
    if (!principal) {
      const hit = await deps.budgets.hit(`refused:${clientNetwork(request.ip)}`, MINUTE_MS);
      if (hit.count > UNAUTHENTICATED_REQUESTS_PER_MINUTE) {
        // One security event per address and window says the limit was reached; the rest write nothing.
        if (hit.count === UNAUTHENTICATED_REQUESTS_PER_MINUTE + 1) await deps.recordRateLimited(request);
        throw new HttpError(429, SETTINGS_MESSAGES.rateLimited, {
          headers: { 'retry-after': String(retryAfterSeconds(hit.resetAt)) },
        });
      }
      await deps.recordRefused(request, 401, null);
      throw unauthorized(LOGIN_MESSAGES.notSignedIn);
    }
    request.account = principal;
    if (principal.isAdmin) request.admin = principal;
    if (route.config?.user) return;
    if (!principal.isAdmin) {
      await deps.recordRefused(request, 403, principal);
      throw forbidden(LOGIN_MESSAGES.appTokenRefused);
    }
    if (route.config?.role === 'root' && !principal.isRootAdmin) {
      await deps.recordRefused(request, 403, principal);
      throw forbidden(LOGIN_MESSAGES.rootOnly);
    }
    if (!principal.isRootAdmin && !allows(principal.permissions ?? [], route.config?.permission)) {
      await deps.recordRefused(request, 403, principal);
      throw forbidden(ROLE_MESSAGES.denied);
    }
  });
  // Any write may end a session or change an account (sign-out, demotion, deletion, reset, and any
  // later endpoint): the kept answers go before its response does, so the next request is read fresh.
  app.addHook('onSend', async (request) => {
    if (!SAFE_METHODS.has(request.method)) deps.accessChanged();
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

/** The session the request's access token belongs to (the guard's principal carries it). */
export function currentSessionId(request: FastifyRequest): string | null {
  const principal = request.account as Partial<SessionPrincipal> | null;
  return principal?.sessionId ?? null;
}
