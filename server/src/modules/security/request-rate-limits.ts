import { ACCOUNT_MESSAGES, APP_LIMITS } from '@switchboard/contract/account';
import { LOGIN_MESSAGES } from '@switchboard/contract/auth';
import { SETTINGS_MESSAGES } from '@switchboard/contract/settings';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/client.ts';
import { API_PREFIX } from '../../http/auth-guard.ts';
import { clientNetwork } from '../../http/client-network.ts';
import { retryAfterSeconds } from '../../http/fixed-window-limiter.ts';
import { HttpError } from '../../http/http-error.ts';
import type { RequestBudgets } from '../../http/request-budgets.ts';
import type { LiveSettings } from '../settings/live-settings.ts';
import { recordRateLimitHit } from './threat-events.ts';

const MINUTE_MS = 60_000;
/** Each one costs a password hash: they share the per-network sign-in budget. */
const SIGN_IN_URLS = new Set([
  `${API_PREFIX}/auth/login`,
  `${API_PREFIX}/auth/app/login`,
  `${API_PREFIX}/auth/register`,
]);

/**
 * The request budgets, read from the live settings on every request so that a saved change is felt
 * on the next one. The budgets a request counts against, chosen by who is asking:
 * - sign-in (POST /auth/login, /auth/app/login, /auth/register): Security → Settings `login_attempts_per_minute` per client network,
 *   always on (beside the per-account lockout of `max_login_attempts`);
 * - a signed-in admin: Security → Settings `admin_requests_per_minute` per admin account, always on;
 *   the API settings never change it;
 * - a calling app's signed-in user: the spec's 100 requests a minute per account, always on;
 * - everyone else (calling-app users too, anonymous callers): Settings → API `rate_limit_requests` per
 *   `rate_limit_window` seconds per address, while `rate_limit_enabled` is on.
 * A path under the API that no route matches counts as anonymous (the address budget).
 * Health probes and routes with their own `config.rateLimit` are exempt. Every refusal is a 429
 * with Retry-After and a `rate_limit_exceeded` security event (folded per address).
 * Each budget is one per principal across the cluster when `counts` are kept in Redis (REDIS_URL).
 */
export function installRequestRateLimits(
  app: FastifyInstance,
  db: Database,
  live: LiveSettings,
  counts: RequestBudgets,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions;
    // A path no route matches costs the anonymous budget: probing for routes is not free.
    const unmatched = route.url === undefined;
    const url = route.url ?? request.url.split('?')[0] ?? '';
    if (!url.startsWith(`${API_PREFIX}/`) || route.config?.rateLimit) return;
    if (!unmatched && url.startsWith(`${API_PREFIX}/health`)) return;
    const settings = await live.get();
    const policies = settings.security_policies;
    type Budget = { key: string; max: number; windowMs: number; message: string };
    const budgets: Budget[] = [];
    if (!unmatched && SIGN_IN_URLS.has(url) && request.method === 'POST') {
      budgets.push({
        key: `login:${clientNetwork(request.ip)}`,
        max: policies.login_attempts_per_minute,
        windowMs: MINUTE_MS,
        message: LOGIN_MESSAGES.tooManyAttempts,
      });
    } else if (!unmatched && url.startsWith(`${API_PREFIX}/auth/`)) {
      // Refresh and logout: bounded by the sessions they belong to.
      return;
    } else if (request.admin) {
      budgets.push({
        key: `admin:${request.admin.id}`,
        max: policies.admin_requests_per_minute,
        windowMs: MINUTE_MS,
        message: SETTINGS_MESSAGES.rateLimited,
      });
    } else {
      // A calling app's signed-in user: the spec's per-user limit, beside the address budget below.
      if (request.account) {
        budgets.push({
          key: `user:${request.account.id}`,
          max: APP_LIMITS.apiRequestsPerMinute,
          windowMs: MINUTE_MS,
          message: ACCOUNT_MESSAGES.tooManyRequests,
        });
      }
      const { api } = settings;
      if (api.rate_limit_enabled) {
        budgets.push({
          key: `ip:${request.ip}`,
          max: api.rate_limit_requests,
          windowMs: api.rate_limit_window * 1000,
          message: SETTINGS_MESSAGES.rateLimited,
        });
      }
    }
    for (const budget of budgets) {
      const hit = await counts.hit(budget.key, budget.windowMs);
      setLimitHeaders(reply, budget.max, hit.count);
      if (hit.count > budget.max) {
        await recordRateLimitHit(db, request);
        throw new HttpError(429, budget.message, {
          headers: { 'retry-after': String(retryAfterSeconds(hit.resetAt)) },
        });
      }
    }
  });
}

function setLimitHeaders(reply: FastifyReply, max: number, count: number) {
  reply.header('x-ratelimit-limit', max);
  reply.header('x-ratelimit-remaining', Math.max(0, max - count));
}
