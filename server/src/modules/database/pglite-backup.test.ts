import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { DATABASE_MESSAGES } from '@switchboard/contract/database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseKind } from '../../config.ts';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { createTestApp, insertUser } from '../../testing/test-app.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { writeBackupFile } from './backup-files.ts';
import { backupsList, restoreFileInto } from './backups.service.ts';

describe.runIf(testDatabaseKind() === 'pglite')('a backup of PGlite on disk (the server default)', () => {
  /** DATA_DIR: the database in pglite/, backups in backups/. */
  let folder: string;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'switchboard-pglite-backup-'));
    handle = await openTestDatabase({ dataDir: join(folder, 'pglite') });
  });
  afterAll(async () => {
    await handle?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const usernames = async (db: Database) =>
    (await queryRows<{ username: string }>(db, sql`select username from users`)).map((row) => row.username);
  /** The copies of the data directory a backup writes its tarball from. */
  const copies = () => readdirSync(folder).filter((name) => name.startsWith('pglite.backup-'));
  /** Resolves once the backup is under way (its copy exists); fails if it ends first. */
  const underWay = async (backup: Promise<unknown>) => {
    let ended = false;
    const end = () => {
      ended = true;
    };
    backup.then(end, end);
    while (copies().length === 0) {
      if (ended) throw new Error('the backup ended before it could be stopped');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };

  it('restores what the database held when it was taken; the file never crosses between threads', async () => {
    await insertUser(handle.db, { username: 'in_the_backup' });
    const path = join(folder, 'backups', 'round-trip.tar.gz');
    // Every reply the PGlite thread sends, by its size as sent (structured clone).
    const replies: number[] = [];
    const emit = Worker.prototype.emit;
    const spy = vi.spyOn(Worker.prototype, 'emit').mockImplementation(function (
      this: Worker,
      event: string | symbol,
      ...args: unknown[]
    ) {
      if (event === 'message') replies.push(serialize(args[0]).length);
      return emit.call(this, event, ...args);
    });
    let size: number;
    try {
      size = await writeBackupFile(handle, path);
    } finally {
      spy.mockRestore();
    }
    expect(size).toBeGreaterThan(1_000_000);
    expect(replies.length).toBeGreaterThan(0);
    expect(Math.max(...replies)).toBeLessThan(10_000);
    expect(copies()).toEqual([]);

    await insertUser(handle.db, { username: 'after_the_backup' });
    const target = await openTestDatabase();
    try {
      await restoreFileInto(target.db, { database: target }, path);
      const restored = await usernames(target.db);
      expect(restored).toContain('in_the_backup');
      expect(restored).not.toContain('after_the_backup');
    } finally {
      await target.close();
    }
  });

  it('stops when asked, leaving neither the partial file nor the copy, and the database answers', async () => {
    const path = join(folder, 'backups', 'stopped.tar.gz');
    const stop = new AbortController();
    const writing = writeBackupFile(handle, path, stop.signal);
    await underWay(writing);
    stop.abort();
    await expect(writing).rejects.toThrow();
    expect(existsSync(path)).toBe(false);
    expect(copies()).toEqual([]);
    expect(await usernames(handle.db)).toContain('after_the_backup');
  });

  it('a server stopping mid-backup answers, ends its row failed as interrupted and leaves no file', async () => {
    const t = await createTestApp({ dataDir: folder }, handle);
    const auth = await t.authHeader(await insertUser(t.db, { username: 'backup_root', isRootAdmin: true }));
    const answer = t.app.inject({ method: 'POST', url: '/api/v1/database/backup', headers: auth });
    await underWay(answer);
    await t.app.close();
    expect((await answer).statusCode).toBe(500);
    const [row] = await backupsList(handle.db);
    expect(row).toMatchObject({ status: 'failed', error: DATABASE_MESSAGES.backupInterrupted });
    expect(readdirSync(join(folder, 'backups'))).not.toContain(row?.filename);
    expect(copies()).toEqual([]);
  });
});
