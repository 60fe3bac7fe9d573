import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { backupsList, createBackup } from './backups.service.ts';

describe.runIf(testDatabaseKind() === 'postgres')('a failed pg_dump', () => {
  let handle: DatabaseHandle;
  let dir: string;
  beforeAll(async () => {
    handle = await openTestDatabase();
    dir = await mkdtemp(join(tmpdir(), 'switchboard-backup-secret-'));
  });
  afterAll(async () => {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('says it failed without the connection string or its password, in the answer and the stored error', async () => {
    const url = new URL(handle.url as string);
    url.username = 'backup_user';
    url.password = 's3cret-Passw0rd';
    url.pathname = '/no_such_database_here';
    const failing: DatabaseHandle = { ...handle, url: url.toString() };
    const error = await createBackup(handle.db, { database: failing, dataDir: dir }, null).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    const answer = JSON.stringify((error as HttpError).toBody());
    const [stored] = await backupsList(handle.db);
    expect(stored?.status).toBe('failed');
    for (const text of [answer, stored?.error ?? '']) {
      expect(text).not.toContain('s3cret-Passw0rd');
      expect(text).not.toMatch(/postgres(ql)?:\/\//);
    }
    expect(stored?.error).toMatch(/pg_dump/);
  });
});
