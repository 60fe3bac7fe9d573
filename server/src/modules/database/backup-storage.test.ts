import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_MESSAGES } from '@switchboard/contract/database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { until } from '../../testing/fault-harness.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { insertRunningBackup } from './backup.repository.ts';
import { backupDir, backupSessionName } from './backup-files.ts';
import { backupsList, recoverInterruptedBackups } from './backups.service.ts';

describe('backup storage', () => {
  let t: TestApp;
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-data-'));
  const otherDataDir = mkdtempSync(join(tmpdir(), 'switchboard-data-'));
  const shared = mkdtempSync(join(tmpdir(), 'switchboard-shared-backups-'));
  let rootAuth: { authorization: string };
  const backupNow = async (app = t.app) => {
    const made = await app.inject({ method: 'POST', url: '/api/v1/database/backup', headers: rootAuth });
    expect(made.statusCode).toBe(201);
    return made.json().data as { id: string; filename: string };
  };

  beforeAll(async () => {
    t = await createTestApp({ dataDir, backupDir: shared });
    const root = await insertUser(t.db, {
      username: 'storeroot',
      password: 'Str0ng!pass',
      isRootAdmin: true,
    });
    rootAuth = await t.authHeader(root);
  });
  afterAll(async () => {
    await t.close();
    for (const dir of [dataDir, otherDataDir, shared]) rmSync(dir, { recursive: true, force: true });
  });

  it('BACKUP_DIR defaults to DATA_DIR/backups and names the directory otherwise', () => {
    expect(backupDir(loadConfig({ DATA_DIR: dataDir }))).toBe(join(dataDir, 'backups'));
    expect(backupDir(loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: shared }))).toBe(shared);
  });

  it('writes backups into the shared directory, readable by this user only, and another instance serves them', async () => {
    const backup = await backupNow();
    const file = join(shared, backup.filename);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A second instance with its own DATA_DIR but the same BACKUP_DIR downloads it.
    const other = await buildApp({ ...t.deps, config: { ...t.deps.config, dataDir: otherDataDir } });
    try {
      const download = await other.inject({
        method: 'GET',
        url: `/api/v1/database/backups/${backup.id}/download`,
        headers: rootAuth,
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.length).toBe(statSync(file).size);
    } finally {
      await other.close();
    }
  });

  it('answers 422 for a damaged backup, marks it unreadable and keeps the data', async () => {
    const backup = await backupNow();
    truncateSync(join(shared, backup.filename), 200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/database/backups/${backup.id}/restore`,
      headers: rootAuth,
      payload: { confirmation: 'RESTORE' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(DATABASE_MESSAGES.backupUnreadable);
    const listed = (await backupsList(t.db)).find((b) => b.id === backup.id);
    expect(listed).toMatchObject({ status: 'failed', error: DATABASE_MESSAGES.backupUnreadable });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'storeroot', password: 'Str0ng!pass' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('marks a backup left running by a killed instance failed and removes its partial file', async () => {
    const row = await insertRunningBackup(t.db, {
      filename: 'switchboard-killed.dump',
      trigger: 'manual',
      createdBy: null,
    });
    const partial = join(shared, row.filename);
    writeFileSync(partial, 'partial dump');
    // Just started, it may not hold its writer's lock yet: nobody takes it for abandoned.
    expect(
      await recoverInterruptedBackups(t.db, { database: t.deps.database, dataDir, backupDir: shared }),
    ).toEqual([]);
    await t.db.execute(sql`update backups set created_at = now() - interval '1 minute' where id = ${row.id}`);
    // On PostgreSQL its pg_dump outlived the killed instance: a session of the backup's name stands for it.
    const orphan =
      t.deps.database.url && t.deps.database.kind === 'postgres'
        ? spawn('psql', ['-X', t.deps.database.url, '-c', 'select pg_sleep(120)'], {
            env: { ...process.env, PGAPPNAME: backupSessionName(row.filename) },
            stdio: 'ignore',
          })
        : null;
    if (orphan) {
      await until(async () => {
        const rows = await t.db.execute(
          sql`select 1 from pg_stat_activity where application_name = ${backupSessionName(row.filename)}`,
        );
        return ((rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[])).length > 0;
      }, 10_000);
    }
    const recovered = await recoverInterruptedBackups(t.db, {
      database: t.deps.database,
      dataDir,
      backupDir: shared,
    });
    // The app's own check, each minute, may have got there first on a slow machine: either way it is done once.
    expect([[row.filename], []]).toContainEqual(recovered);
    expect(existsSync(partial)).toBe(false);
    const listed = (await backupsList(t.db)).find((b) => b.id === String(row.id));
    expect(listed).toMatchObject({ status: 'failed', error: DATABASE_MESSAGES.backupInterrupted });
    // The orphaned dump lost its session and exited.
    if (orphan)
      await new Promise((resolve) =>
        orphan.exitCode !== null ? resolve(null) : orphan.once('exit', resolve),
      );
  });
});
