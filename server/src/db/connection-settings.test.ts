import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind, testDatabaseUrl } from '../config.ts';
import { createScratchDatabase, type ScratchDatabase } from '../testing/fault-harness.ts';
import { unixSocketUrl } from '../testing/unix-socket-url.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';

const serverUrl = testDatabaseUrl();
let scratch: ScratchDatabase | undefined;
let handle: DatabaseHandle | undefined;

afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
});

describe.skipIf(testDatabaseKind() !== 'postgres' || !serverUrl)('the app’s PostgreSQL connections', () => {
  it('run with JIT off, keeping options the URL gives', async () => {
    scratch = await createScratchDatabase(serverUrl as string);
    const url = new URL(scratch.url);
    url.searchParams.set('options', '-c statement_timeout=4321');
    const opened = await openDatabase({ kind: 'postgres', url: url.toString() });
    handle = opened;
    const setting = async (name: string) => {
      const result = (await opened.db.execute(sql.raw(`select current_setting('${name}') as v`))) as unknown;
      return (result as { rows: { v: string }[] }).rows[0]?.v;
    };
    expect(await setting('jit')).toBe('off');
    expect(await setting('statement_timeout')).toBe('4321ms');
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres' || !serverUrl)('a DATABASE_URL for a Unix socket', () => {
  it('opens the database in libpq’s form, postgres://user@/db?host=/dir, with JIT off', async (context) => {
    const socketUrl = unixSocketUrl(serverUrl as string);
    if (!socketUrl) context.skip('no PostgreSQL socket in /var/run/postgresql or /tmp');
    const opened = await openDatabase({ kind: 'postgres', url: socketUrl as string });
    try {
      const result = (await opened.db.execute(
        sql.raw(`select inet_server_addr() as address, current_setting('jit') as jit`),
      )) as unknown as { rows: { address: string | null; jit: string }[] };
      // No server address: the connection came over the socket, not TCP.
      expect(result.rows[0]).toEqual({ address: null, jit: 'off' });
    } finally {
      await opened.close();
    }
  });
});
