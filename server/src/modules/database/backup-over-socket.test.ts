import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { unixSocketUrl } from '../../testing/unix-socket-url.ts';
import { backupDir } from './backup-files.ts';
import { createBackup } from './backups.service.ts';

describe.runIf(testDatabaseKind() === 'postgres')('a backup when DATABASE_URL names a Unix socket', () => {
  let handle: DatabaseHandle;
  let dir: string;
  beforeAll(async () => {
    handle = await openTestDatabase();
    dir = await mkdtemp(join(tmpdir(), 'switchboard-backup-socket-'));
  });
  afterAll(async () => {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is written by pg_dump through the socket', async (context) => {
    const socketUrl = unixSocketUrl(handle.url as string);
    if (!socketUrl) context.skip('no PostgreSQL socket in /var/run/postgresql or /tmp');
    const overSocket: DatabaseHandle = { ...handle, url: socketUrl };
    const backup = await createBackup(handle.db, { database: overSocket, dataDir: dir }, null);
    expect(backup.status).toBe('completed');
    expect((await stat(join(backupDir({ dataDir: dir }), backup.filename))).size).toBeGreaterThan(0);
  });
});
