import type pg from 'pg';

/**
 * A client whose connection ends while it is checked out goes back to the pool at once, where it is
 * discarded. Otherwise a holder that never reaches its release leaks it for good: drizzle's
 * transaction() sends BEGIN before its try/finally, so a connection cut at that moment was never
 * released, the pool shrank by one each time, and shutdown waited for the client forever.
 * The holder's own release later is then a no-op.
 */
export function releaseClientsOnConnectionEnd(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: unknown) => {
    // The callback form is pool.query's own, which always releases.
    if (callback) return connect(callback);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const release = client.release;
      let released = false;
      const releaseOnce = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('end', onEnd);
        release(err);
      };
      const onEnd = () => releaseOnce(new Error('the connection ended while the client was checked out'));
      client.once('end', onEnd);
      client.release = releaseOnce;
      return client;
    });
  }) as typeof pool.connect;
}
