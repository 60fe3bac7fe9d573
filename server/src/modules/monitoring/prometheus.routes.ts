import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../../http/access-token.ts';
import type { Monitoring } from './monitoring.service.ts';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4.startsWith('127.') || ip === '::1';
}

function sameToken(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus text format at the site root, where scrapers look for it. It names routes, load and memory,
 * so it is served only to the machine itself (a local Prometheus or agent) or to a scraper presenting
 * the configured token. The client address is Fastify's, so it honours TRUST_PROXY.
 */
export const prometheusRoute: FastifyPluginAsyncZod<{
  monitoring: Monitoring;
  token: string | undefined;
}> = async (app, { monitoring, token }) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!isLoopback(request.ip) && !(token && sameToken(bearerToken(request.headers.authorization), token))) {
      if (token) reply.header('www-authenticate', 'Bearer realm="metrics"');
      return reply.code(token ? 401 : 403).send({
        success: false,
        message: token
          ? 'Metrics need the metrics bearer token'
          : 'Metrics are served only to loopback clients (set METRICS_TOKEN to allow others)',
      });
    }
    const { register } = monitoring.prometheus;
    return reply.type(register.contentType).send(await register.metrics());
  });
};
