import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { createFixedWindowLimiter } from './fixed-window-limiter.ts';

/** A request counted against a budget: the count in its window so far, and when the window ends. */
export interface BudgetHit {
  count: number;
  resetAt: number;
}

/**
 * Where the request budgets are counted: in this process, or with REDIS_URL in Redis, so that every
 * instance counts against one budget per principal (`redis-request-budgets.ts`).
 */
export interface RequestBudgets {
  /** Counts one request for the key in fixed windows of lengthMs; a changed length starts a new window. */
  hit(key: string, lengthMs: number): Promise<BudgetHit>;
  close(): Promise<void>;
}

/** This process's own counts: one instance, or PGlite (which is one instance by construction). */
export function localRequestBudgets(): RequestBudgets {
  const limiter = createFixedWindowLimiter();
  return {
    hit: async (key, lengthMs) => {
      const { count, resetAt } = limiter.hit(key, lengthMs);
      return { count, resetAt };
    },
    close: async () => undefined,
  };
}

type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * `@fastify/rate-limit`'s store over the same budgets, so that a route's own `config.rateLimit` (sign-in
 * codes, client error reports) is one budget across the cluster too. Each route counts apart.
 */
export function rateLimitStore(budgets: RequestBudgets) {
  const store = (route: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      budgets.hit(`route:${route}:${key}`, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: Math.max(0, hit.resetAt - Date.now()) }),
        (err: Error) => callback(err),
      );
    },
    child(options) {
      const info = (options as unknown as RouteParams).routeInfo;
      return store(`${[info?.method ?? ''].flat().join(',')} ${info?.url ?? ''}`);
    },
  });
  return class {
    constructor(_options: FastifyRateLimitOptions) {
      Object.assign(this, store('global'));
    }
  } as unknown as new (
    options: FastifyRateLimitOptions,
  ) => FastifyRateLimitStore;
}
