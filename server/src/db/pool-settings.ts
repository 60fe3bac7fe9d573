import type { PoolClient } from 'pg';
import type { DatabaseHandle } from './client.ts';

export interface PoolSettings {
  connection_pool_size: number;
  /** Seconds. */
  query_timeout: number;
}

/**
 * PostgreSQL: the pool opens at most `connection_pool_size` connections, and every connection it opens
 * from now on starts with `statement_timeout` at the query timeout. pg-pool reads both options each
 * time it opens a connection, so open connections keep theirs until the pool retires them.
 * PGlite is one connection, inside this process: nothing to size, and no server to enforce a timeout.
 */
export function applyPoolSettings(handle: DatabaseHandle, settings: PoolSettings): void {
  const pool = handle.pool;
  if (!pool) return;
  pool.options.max = settings.connection_pool_size;
  pool.options.statement_timeout = settings.query_timeout * 1000;
}

/**
 * Runs maintenance that may outlast the query timeout (VACUUM of a large database) on one pooled
 * connection with the timeout lifted, and restores the connection's own timeout afterwards.
 */
export async function withoutStatementTimeout<T>(
  handle: DatabaseHandle,
  run: (client: PoolClient | null) => Promise<T>,
): Promise<T> {
  if (!handle.pool) return run(null);
  const client = await handle.pool.connect();
  let healthy = true;
  try {
    await client.query('set statement_timeout = 0');
    return await run(client);
  } catch (error) {
    healthy = false;
    throw error;
  } finally {
    if (healthy) await client.query('reset statement_timeout').catch(() => (healthy = false));
    // A connection whose timeout could not be reset is closed rather than handed back lifted.
    client.release(!healthy);
  }
}
