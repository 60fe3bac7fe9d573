import cors from '@fastify/cors';
import { ADMIN_RATE_LIMIT_FACTOR, SETTINGS_MESSAGES } from '@switchboard/contract/settings';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../http/auth-guard.ts';
import { HttpError } from '../../http/http-error.ts';
import type { LiveSettings } from './live-settings.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Called by the calling app rather than the console: closed while maintenance mode is on. */
    appFacing?: boolean;
  }
}

const CORS_MAX_AGE_SECONDS = 86_400;

/**
 * Makes the saved settings govern the running server without a restart: maintenance mode, the API
 * rate limit, CORS and the log level are read from the live settings on every request.
 */
export async function installSettingsEffects(
  app: FastifyInstance,
  live: LiveSettings,
  baseLogLevel: string,
): Promise<void> {
  const applyLogLevel = (debug: boolean) => {
    app.log.level = debug ? 'debug' : baseLogLevel;
  };
  live.onChange((next) => applyLogLevel(next.app.debug_mode));
  if (baseLogLevel !== 'silent') applyLogLevel((await live.get()).app.debug_mode);

  await app.register(cors, {
    delegator: (_request, callback) => {
      live.get().then(
        ({ api }) =>
          callback(null, {
            origin: api.cors_enabled && api.cors_origins.length > 0 ? api.cors_origins : false,
            maxAge: CORS_MAX_AGE_SECONDS,
          }),
        // Settings unreadable (database down): no cross-origin access, and the request itself goes on.
        () => callback(null, { origin: false }),
      );
    },
  });

  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config?.appFacing) return;
    if ((await live.get()).app.maintenance_mode) throw new HttpError(503, SETTINGS_MESSAGES.maintenance);
  });

  const limiter = createFixedWindowLimiter();
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions;
    // Sign-in has its own lockout, health probes must always answer, some routes carry their own limit.
    const url = route.url ?? '';
    if (!url.startsWith(`${API_PREFIX}/`) || route.config?.rateLimit) return;
    if (url.startsWith(`${API_PREFIX}/health`) || url.startsWith(`${API_PREFIX}/auth/`)) return;
    const { api } = await live.get();
    if (!api.rate_limit_enabled) return;
    const admin = request.admin;
    const budget = admin ? api.rate_limit_requests * ADMIN_RATE_LIMIT_FACTOR : api.rate_limit_requests;
    const key = admin ? `admin:${admin.id}` : `ip:${request.ip}`;
    const hit = limiter.hit(key, api.rate_limit_window * 1000);
    reply.header('x-ratelimit-limit', budget);
    reply.header('x-ratelimit-remaining', Math.max(0, budget - hit.count));
    if (hit.count > budget) {
      const retryAfter = Math.max(1, Math.ceil((hit.resetAt - Date.now()) / 1000));
      throw new HttpError(429, SETTINGS_MESSAGES.rateLimited, {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  });
}

/** Counts requests per key in fixed windows; a changed window length starts a new window. */
function createFixedWindowLimiter() {
  const windows = new Map<string, { count: number; resetAt: number; length: number }>();
  let nextSweep = 0;
  return {
    hit(key: string, lengthMs: number) {
      const now = Date.now();
      if (now >= nextSweep) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        nextSweep = now + 60_000;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= now || window.length !== lengthMs) {
        window = { count: 0, resetAt: now + lengthMs, length: lengthMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window;
    },
  };
}
