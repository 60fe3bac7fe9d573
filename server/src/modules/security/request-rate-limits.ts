import { LOGIN_MESSAGES } from '@switchboard/contract/auth';
import { SETTINGS_MESSAGES } from '@switchboard/contract/settings';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/client.ts';
import { API_PREFIX } from '../../http/auth-guard.ts';
import { clientNetwork } from '../../http/client-network.ts';
import { createFixedWindowLimiter, retryAfterSeconds } from '../../http/fixed-window-limiter.ts';
import { HttpError } from '../../http/http-error.ts';
import type { LiveSettings } from '../settings/live-settings.ts';
import { recordRateLimitHit } from './threat-events.ts';

const MINUTE_MS = 60_000;
const LOGIN_URL = `${API_PREFIX}/auth/login`;

/**
 * The request budgets, read from the live settings on every request so that a saved change is felt
 * on the next one. One budget per request, chosen by who is asking:
 * - sign-in (POST /auth/login): Security → Settings `login_attempts_per_minute` per client network,
 *   always on (beside the per-account lockout of `max_login_attempts`);
 * - a signed-in admin: Security → Settings `admin_requests_per_minute` per admin account, always on;
 *   the API settings never change it;
 * - everyone else (calling-app users, anonymous callers): Settings → API `rate_limit_requests` per
 *   `rate_limit_window` seconds per address, while `rate_limit_enabled` is on.
 * Health probes and routes with their own `config.rateLimit` are exempt. Every refusal is a 429
 * with Retry-After and a `rate_limit_exceeded` security event (folded per address).
 */
export function installRequestRateLimits(app: FastifyInstance, db: Database, live: LiveSettings): void {
  const limiter = createFixedWindowLimiter();
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions;
    const url = route.url ?? '';
    if (!url.startsWith(`${API_PREFIX}/`) || route.config?.rateLimit) return;
    if (url.startsWith(`${API_PREFIX}/health`)) return;
    const settings = await live.get();
    const policies = settings.security_policies;
    let budget: { key: string; max: number; windowMs: number; message: string };
    if (url === LOGIN_URL && request.method === 'POST') {
      budget = {
        key: `login:${clientNetwork(request.ip)}`,
        max: policies.login_attempts_per_minute,
        windowMs: MINUTE_MS,
        message: LOGIN_MESSAGES.tooManyAttempts,
      };
    } else if (url.startsWith(`${API_PREFIX}/auth/`)) {
      // Refresh and logout: bounded by the sessions they belong to.
      return;
    } else if (request.admin) {
      budget = {
        key: `admin:${request.admin.id}`,
        max: policies.admin_requests_per_minute,
        windowMs: MINUTE_MS,
        message: SETTINGS_MESSAGES.rateLimited,
      };
    } else {
      const { api } = settings;
      if (!api.rate_limit_enabled) return;
      budget = {
        key: `ip:${request.ip}`,
        max: api.rate_limit_requests,
        windowMs: api.rate_limit_window * 1000,
        message: SETTINGS_MESSAGES.rateLimited,
      };
    }
    const hit = limiter.hit(budget.key, budget.windowMs);
    setLimitHeaders(reply, budget.max, hit.count);
    if (hit.count > budget.max) {
      await recordRateLimitHit(db, request);
      throw new HttpError(429, budget.message, {
        headers: { 'retry-after': String(retryAfterSeconds(hit.resetAt)) },
      });
    }
  });
}

function setLimitHeaders(reply: FastifyReply, max: number, count: number) {
  reply.header('x-ratelimit-limit', max);
  reply.header('x-ratelimit-remaining', Math.max(0, max - count));
}
