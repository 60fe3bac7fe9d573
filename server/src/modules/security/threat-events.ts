import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AccountPrincipal, AdminPrincipal } from '../../http/access-token.ts';
import { requestContext } from '../../http/request-context.ts';
import { recordSecurityEvent } from '../security-events/record-security-event.ts';
import { liveSettings } from '../settings/live-settings.ts';

/**
 * Security events for what the HTTP layer refuses. They are folded per type and address (see
 * recordSecurityEvent), and a failure to record one never changes the answer the client gets.
 */
const where = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url}`;

export async function recordRateLimitHit(db: Database, request: FastifyRequest): Promise<void> {
  const ctx = requestContext(request);
  await recordSecurityEvent(db, {
    eventType: 'rate_limit_exceeded',
    severity: 'medium',
    description: `Rate limit exceeded by ${ctx.ip} on ${where(request)}`,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    details: { route: where(request) },
  }).catch((err: unknown) => request.log.error({ err }, 'could not record a rate-limit hit'));
}

/** A 401 (no valid admin session) or 403 (not allowed) on an admin route. */
export async function recordRefusedAccess(
  db: Database,
  request: FastifyRequest,
  status: 401 | 403,
  principal: AdminPrincipal | AccountPrincipal | null,
): Promise<void> {
  try {
    const policies = await liveSettings(db).section('security_policies');
    if (!policies.record_unauthorized_access) return;
    const ctx = requestContext(request);
    await recordSecurityEvent(db, {
      eventType: 'unauthorized_access',
      severity: status === 403 ? 'medium' : 'low',
      description:
        status === 403
          ? `'${principal?.username}' was refused ${where(request)} (${isAppSession(principal) ? 'an app session on an administration route' : 'insufficient rights'})`
          : `Request without a valid admin session refused: ${where(request)}`,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      userId: principal?.id ?? null,
      username: principal?.username ?? null,
      details: { status, route: where(request) },
    });
  } catch (err) {
    request.log.error({ err }, 'could not record a refused request');
  }
}

const isAppSession = (principal: AdminPrincipal | AccountPrincipal | null) =>
  principal !== null && 'isAdmin' in principal && !principal.isAdmin;
