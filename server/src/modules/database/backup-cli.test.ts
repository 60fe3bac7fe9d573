import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { spawnProcess } from '../../testing/spawn-server.ts';
import { insertUser } from '../../testing/test-app.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { readSettingsSection, writeSettingsSection } from '../settings/settings.repository.ts';
import { backupsList } from './backups.service.ts';

const kind = testDatabaseKind();

/**
 * `npm run backup` and `npm run restore` as an operator types them, on the embedded database in a
 * DATA_DIR of its own (the pglite project) or on a PostgreSQL database of its own (the postgres one).
 */
describe(`npm run backup and npm run restore (${kind})`, () => {
  /** DATA_DIR: the embedded database in pglite/, backups in backups/ either way. */
  let folder: string;
  /** PostgreSQL's handle, open throughout (several processes may use it); PGlite's is opened when needed. */
  let postgres: DatabaseHandle | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'switchboard-backup-cli-'));
    const handle = await openTestDatabase(kind === 'pglite' ? { dataDir: join(folder, 'pglite') } : {});
    await insertUser(handle.db, { username: 'in_the_backup' });
    if (kind === 'pglite') await handle.close();
    else postgres = handle;
    env = { DATA_DIR: folder, DATABASE_URL: postgres?.url ?? '', BACKUP_DIR: '' };
  }, 120_000);
  afterAll(async () => {
    await postgres?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** Runs `fn` on the database: PGlite is opened (taking DATA_DIR's lock) and closed around it. */
  async function onDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
    if (postgres) return fn(postgres.db);
    const handle = await openDatabase({ kind: 'pglite', dataDir: join(folder, 'pglite') });
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  }
  const usernames = (db: Database) =>
    queryRows<{ username: string }>(db, sql`select username from users order by username`).then((rows) =>
      rows.map((r) => r.username),
    );
  const npmRun = async (args: string[], input?: string) => {
    const run = spawnProcess(['npm', 'run', '--silent', ...args], env, input === undefined ? {} : { input });
    const code = await run.exited;
    return { code, output: run.output() };
  };
  const backupFiles = () => readdirSync(join(folder, 'backups')).sort();

  let firstId: string;

  it('npm run backup writes a file, prints its path, and the console lists it', async () => {
    const { code, output } = await npmRun(['backup']);
    expect(code, output).toBe(0);
    const [, id, path] = output.match(/Backup (\d+) written: (\S+) \(/) ?? [];
    expect(path?.startsWith(join(folder, 'backups'))).toBe(true);
    expect(existsSync(path as string)).toBe(true);
    firstId = id as string;
    const listed = await onDatabase(backupsList);
    expect(listed.find((b) => b.id === id)).toMatchObject({ status: 'completed', trigger: 'manual' });
    expect(join(folder, 'backups', listed.find((b) => b.id === id)?.filename ?? '')).toBe(path);
  }, 120_000);

  it.runIf(kind === 'pglite')(
    'refuses, saying why, while a server holds DATA_DIR',
    async () => {
      const before = backupFiles();
      // This process holding the embedded database stands for a running server.
      const holder = await openDatabase({ kind: 'pglite', dataDir: join(folder, 'pglite') });
      try {
        const { code, output } = await npmRun(['backup']);
        expect(code).not.toBe(0);
        expect(output).toContain(`is in use by another Switchboard process (pid ${process.pid})`);
        expect(output).toContain('stop the server, or back up from the console');
      } finally {
        await holder.close();
      }
      expect(backupFiles()).toEqual(before);
    },
    120_000,
  );

  it('npm run restore asks for RESTORE, and changes nothing without it', async () => {
    await onDatabase((db) => insertUser(db, { username: 'after_the_backup' }));
    const { code, output } = await npmRun(['restore', '--', firstId], 'yes\n');
    expect(code).not.toBe(0);
    expect(output).toContain('Type RESTORE to continue');
    expect(output).toContain('Nothing restored.');
    expect(await onDatabase(usernames)).toEqual(['after_the_backup', 'in_the_backup']);
  }, 120_000);

  it('npm run restore <id> --yes brings the backup back after backing up the data it replaces', async () => {
    // Keep one backup: the safety backup must not push out the one being restored.
    await onDatabase(async (db) => {
      const section = await readSettingsSection(db, 'database');
      await writeSettingsSection(db, 'database', { ...section, backup_keep_last: 1 }, 'test');
    });
    const { code, output } = await npmRun(['restore', '--', firstId, '--yes']);
    expect(code, output).toBe(0);
    expect(output).toContain('Backup restored.');
    expect(await onDatabase(usernames)).toEqual(['in_the_backup']);
    const safety = output.match(/The data from before is backup (\d+): (\S+)/);
    expect(safety, output).not.toBeNull();
    expect((await onDatabase(backupsList)).map((b) => b.id)).toContain(safety?.[1]);

    // The safety backup is a file like any other: restoring it by path undoes the restore.
    const again = await npmRun(['restore', '--', join(folder, 'backups', safety?.[2] ?? ''), '--yes']);
    expect(again.code, again.output).toBe(0);
    expect(await onDatabase(usernames)).toEqual(['after_the_backup', 'in_the_backup']);
  }, 180_000);
});
