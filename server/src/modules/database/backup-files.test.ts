import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { writeBackupFile } from './backup-files.ts';

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
});
