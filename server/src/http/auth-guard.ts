import { LOGIN_MESSAGES } from '@switchboard/contract/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import type { AccessTokens, AdminPrincipal } from '../modules/auth/access-token.ts';
import { forbidden, unauthorized } from './http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without signing in. Every route not marked so requires a signed-in admin. */
    public?: boolean;
    /** Further restricts a route to root administrators. */
    role?: 'root';
  }
  interface FastifyRequest {
    admin: AdminPrincipal | null;
  }
}

/**
 * Deny by default: every /api/v1 route needs a valid access token of an active admin unless its
 * route config says `public: true`. The admin row is read on each request so that a demoted,
 * deactivated or deleted admin loses access at once rather than when the token expires.
 */
export function installAuthGuard(app: FastifyInstance, deps: { db: Database; tokens: AccessTokens }): void {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/v1/')) return;
    const routeConfig = request.routeOptions.config;
    if (routeConfig?.public) return;

    const principal = await principalFromRequest(request, deps);
    if (!principal) throw unauthorized(LOGIN_MESSAGES.notSignedIn);
    if (routeConfig?.role === 'root' && !principal.isRootAdmin) throw forbidden(LOGIN_MESSAGES.rootOnly);
    request.admin = principal;
  });
}

async function principalFromRequest(
  request: FastifyRequest,
  deps: { db: Database; tokens: AccessTokens },
): Promise<AdminPrincipal | null> {
  const header = request.headers.authorization;
  const token = header?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token) return null;
  const claims = await deps.tokens.verify(token);
  if (!claims) return null;
  const [row] = await deps.db
    .select({
      username: users.username,
      isActive: users.isActive,
      isAdmin: users.isAdmin,
      isRoot: users.isRootAdmin,
    })
    .from(users)
    .where(eq(users.id, claims.id))
    .limit(1);
  if (!row?.isActive || !row.isAdmin) return null;
  return { id: claims.id, username: row.username, isRootAdmin: row.isRoot };
}

/** The signed-in admin of a guarded route (the guard has already rejected anonymous requests). */
export function requireAdmin(request: FastifyRequest): AdminPrincipal {
  if (!request.admin) throw unauthorized(LOGIN_MESSAGES.notSignedIn);
  return request.admin;
}
