import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import type { Logger } from 'pino';
import type { Database, DatabaseHandle } from './client.ts';
import { isConnectionLost } from './pg-errors.ts';
import { releaseClientsOnConnectionEnd } from './release-on-connection-end.ts';
import * as schema from './schema/all.ts';

/** PostgreSQL at url, through a pool of 10 connections that survives losing them. */
export function openPostgres(url: string, logger: Pick<Logger, 'error'>): DatabaseHandle {
  const pool = new pg.Pool({ ...withJitOff(url), max: 10 });
  let connectionErrors = 0;
  const onConnectionError = (err: Error) => {
    connectionErrors++;
    // The code and message only: the client the error hangs on carries the connection parameters.
    logger.error(
      { code: (err as { code?: string }).code, reason: err.message },
      'PostgreSQL connection lost',
    );
  };
  // Every client listens for its own connection's end: one checked out for a transaction has no
  // listener of the pool's, and an 'error' event without one ends the process. Its query fails
  // instead, and the pool discards the client when it is released. Idle clients' errors reach
  // the pool's listener too, already counted here.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  pool.on('error', () => undefined);
  retryReadsOnLostConnection(pool);
  releaseClientsOnConnectionEnd(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    pool,
    url,
    connectionErrors: () => connectionErrors,
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => pool.end(),
  };
}

/**
 * A read outside a transaction that fails because its connection was lost (it was idle in the pool
 * when the server ended it) runs once more on a new connection. Writes are not repeated: one may
 * have been committed before the connection went.
 */
function retryReadsOnLostConnection(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function' || !isRead(args[0])) return query(...args);
    return query(...args).catch(async (err: unknown) => {
      if (!isConnectionLost(err)) throw err;
      // A new connection rather than another pooled one: the server may have ended every idle
      // connection at once, before the pool has heard of it.
      const fresh = new pg.Client(pool.options);
      fresh.on('error', () => undefined);
      await fresh.connect();
      try {
        return await (fresh.query as (...a: unknown[]) => Promise<unknown>)(...args);
      } finally {
        await fresh.end().catch(() => undefined);
      }
    });
  }) as typeof pool.query;
}

const isRead = (config: unknown): boolean => {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*select\b/i.test(text) && !/\bfor\s+(update|share)\b/i.test(text);
};

/**
 * The URL's connection settings with JIT turned off, after any `options` the URL sets. The app's
 * statements are short OLTP queries, but the planner's estimate for a search's capped total crosses
 * `jit_above_cost`, and compiling ~48 functions took 32–41 ms of a ~30 ms query (calls "son" at 1m:
 * 45–52 q/s with JIT, 125 without).
 */
function withJitOff(url: string): pg.PoolConfig {
  // Parsed here, not handed to pg as a connectionString: pg lets the string's own fields win over the
  // config's, `options` included. pg-connection-string reads the forms libpq does, the Unix-socket
  // one (`postgres://user@/db?host=/run/postgresql`) too, which WHATWG's URL refuses.
  const config = parseIntoClientConfig(url);
  return { ...config, options: [config.options, '-c jit=off'].filter(Boolean).join(' ') };
}
