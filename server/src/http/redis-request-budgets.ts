import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { type BudgetHit, localRequestBudgets, type RequestBudgets } from './request-budgets.ts';

/** Longer than this and the request is counted here instead: a slow Redis must not slow every request. */
const REDIS_ANSWER_MS = 250;
const KEY_PREFIX = 'switchboard:budget:';

// One round trip, atomic: the window starts with its first request and ends with the key.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/**
 * The request budgets of every instance, counted in Redis (REDIS_URL): one budget per principal,
 * whatever instance the request reaches. While Redis is unreachable or slow, each instance counts in its
 * own memory (as with one instance) rather than refusing or waving requests through: a Redis outage
 * neither takes the API down nor lifts its limits, it only makes them per instance until Redis returns.
 * Logged once when that starts and once when it ends.
 */
export function connectRequestBudgets(url: string, log: FastifyBaseLogger): RequestBudgets {
  const reconnectStrategy = (retries: number) => Math.min(200 * 2 ** retries, 2000);
  // Offline, a command fails at once instead of waiting in a queue.
  const client = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy } });
  const local = localRequestBudgets();
  let shared = true;
  const fallBack = (reason: string) => {
    if (!shared) return;
    shared = false;
    log.warn({ reason }, 'Redis is unreachable: request budgets are counted per instance until it returns');
  };
  const backToShared = () => {
    if (shared) return;
    shared = true;
    log.info('Redis is back: request budgets are shared by every instance again');
  };
  client.on('error', (err: Error) => fallBack(err.message));
  client.connect().catch((err: Error) => fallBack(err.message));

  const sharedHit = async (key: string, lengthMs: number): Promise<BudgetHit> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer in time')), REDIS_ANSWER_MS);
    });
    try {
      const reply = (await Promise.race([
        client.eval(HIT_SCRIPT, {
          keys: [`${KEY_PREFIX}${lengthMs}:${key}`],
          arguments: [String(lengthMs)],
        }),
        late,
      ])) as [number, number];
      return { count: Number(reply[0]), resetAt: Date.now() + Number(reply[1]) };
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    async hit(key, lengthMs) {
      if (client.isReady) {
        try {
          const hit = await sharedHit(key, lengthMs);
          backToShared();
          return hit;
        } catch (err) {
          fallBack((err as Error).message);
        }
      }
      return local.hit(key, lengthMs);
    },
    async close() {
      // quit() waits for Redis's answer, which never comes from a Redis that just went away.
      if (client.isReady) {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise((resolve) => {
          timer = setTimeout(resolve, 1000);
        });
        await Promise.race([client.quit().catch(() => undefined), late]);
        clearTimeout(timer);
      }
      if (client.isOpen) client.destroy();
    },
  };
}
