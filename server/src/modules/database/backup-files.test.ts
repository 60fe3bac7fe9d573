import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { insertUser } from '../../testing/test-app.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { unixSocketUrl } from '../../testing/unix-socket-url.ts';
import { pgRestore, writeBackupFile } from './backup-files.ts';

describe.runIf(testDatabaseKind() === 'postgres')('a pg_dump backup', () => {
  let handle: DatabaseHandle;
  let dir: string;
  beforeAll(async () => {
    handle = await openTestDatabase();
    dir = await mkdtemp(join(tmpdir(), 'switchboard-backup-'));
  });
  afterAll(async () => {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a dump, and an abort (the server stopping) kills pg_dump and leaves no file', async () => {
    const done = join(dir, 'done.dump');
    expect(await writeBackupFile(handle, done)).toBeGreaterThan(0);

    const stopped = join(dir, 'stopped.dump');
    const shutdown = new AbortController();
    const writing = writeBackupFile(handle, stopped, shutdown.signal);
    shutdown.abort();
    await expect(writing).rejects.toThrow();
    expect(existsSync(stopped)).toBe(false);
  });

  it('writes a dump when DATABASE_URL names a Unix socket (postgres://user@/db?host=/dir)', async (context) => {
    const socketUrl = unixSocketUrl(handle.url as string);
    if (!socketUrl) context.skip('no PostgreSQL socket in /var/run/postgresql or /tmp');
    expect(await writeBackupFile({ ...handle, url: socketUrl }, join(dir, 'socket.dump'))).toBeGreaterThan(0);
  });

  it('restores nothing from a damaged dump: the database keeps every row it had', async () => {
    await insertUser(handle.db, { username: 'kept_before_restore' });
    const whole = join(dir, 'whole.dump');
    await writeBackupFile(handle, whole);
    await insertUser(handle.db, { username: 'added_after_backup' });
    const bytes = await readFile(whole);
    const damaged = join(dir, 'damaged.dump');
    await writeFile(damaged, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const usernames = async () =>
      (
        await queryRows<{ username: string }>(handle.db, sql`select username from users order by username`)
      ).map((row) => row.username);
    const before = await usernames();
    expect(before).toEqual(['added_after_backup', 'kept_before_restore']);

    await expect(pgRestore(handle.url ?? '', damaged)).rejects.toThrow(/restore failed/);
    expect(await usernames()).toEqual(before);
  });
});
