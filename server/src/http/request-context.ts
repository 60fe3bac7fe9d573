import type { FastifyRequest } from 'fastify';

/** Who made a request and from where, for audit rows, security events and logs. */
export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

export function requestContext(request: FastifyRequest): RequestContext {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null };
}
