import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import type { Server } from 'socket.io';
import type { RedisLink } from '../app-deps.ts';

/** What closing needs of a client, whatever its modules and protocol version. */
export interface RedisClient {
  isReady: boolean;
  isOpen: boolean;
  quit(): Promise<unknown>;
  destroy(): void;
}

/**
 * The adapter's Redis clients, connecting in the background: an instance started while Redis is down
 * serves HTTP and its own sockets at once, and joins the others when Redis comes up. During an outage
 * events for other instances are dropped (counted) rather than queued without bound, and each client
 * reconnects by itself; subscriptions are renewed on reconnect.
 */
export function connectRedisAdapter(
  io: Server,
  url: string,
  log: FastifyBaseLogger,
  monitoring?: { setRedisLink(link: RedisLink): void },
): RedisClient[] {
  const reconnectStrategy = (retries: number) => Math.min(200 * 2 ** retries, 2000);
  // The publisher fails fast while offline; the subscriber queues its SUBSCRIBE until connected.
  const pub = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy } });
  const sub = createClient({ url, socket: { reconnectStrategy } });
  let errors = 0;
  let dropped = 0;
  let wasUp = false;
  const up = () => pub.isReady && sub.isReady;
  for (const client of [pub, sub]) {
    // Without a listener a Redis outage would crash the process. Logged once per outage, counted always.
    client.on('error', (err: Error) => {
      errors++;
      if (wasUp || errors === 1)
        log.error({ reason: err.message }, 'Redis is unreachable: live events reach this instance only');
      wasUp = false;
    });
    client.on('ready', () => {
      if (up()) {
        wasUp = true;
        log.info('Redis connected: live events reach every instance');
      }
    });
    client.connect().catch((err: Error) => log.error({ reason: err.message }, 'Redis connection failed'));
  }
  // The adapter publishes without waiting for the answer: a failed publish would reject unhandled.
  const publish = pub.publish.bind(pub);
  Object.assign(pub, {
    publish: (...args: Parameters<typeof publish>) =>
      publish(...args).catch(() => {
        dropped++;
        return 0;
      }),
  });
  // A broadcast with acknowledgements (the signalling relay) first asks Redis how many instances will
  // answer. While Redis is down that question would reject with nobody to catch it: only this instance
  // answers then, so a peer on this instance still gets its signalling and a peer elsewhere is at once
  // `unavailable` to the sender.
  const redisAdapter = createAdapter(pub, sub);
  // socket.io calls it with `new`: a function, not an arrow.
  io.adapter(function countingOnThisInstance(nsp: Parameters<typeof redisAdapter>[0]) {
    const adapter = redisAdapter(nsp);
    const serverCount = adapter.serverCount.bind(adapter);
    adapter.serverCount = () => (up() ? serverCount().catch(() => 1) : Promise.resolve(1));
    return adapter;
  } as unknown as typeof redisAdapter);
  monitoring?.setRedisLink({ up, errors: () => errors, dropped: () => dropped });
  return [pub, sub];
}

/** quit() waits for a connected client's pending replies; a client still reconnecting is just closed. */
export async function closeRedis(client: RedisClient): Promise<void> {
  if (client.isReady) await client.quit().catch(() => undefined);
  else if (client.isOpen) client.destroy();
}
