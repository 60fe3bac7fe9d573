import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { seedDemoData } from '../../demo/seed-demo-data.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { backupDir } from './backup-files.ts';
import { restoreFileInto } from './backups.service.ts';
import { applicationTables, rows } from './catalog-query.ts';
import { wipeTables } from './table-copy.ts';

/** Exact row counts of every table (but the backups list) and the coin ledger's sums. */
async function fingerprint(db: Database) {
  const counts: Record<string, number> = {};
  for (const table of await applicationTables(db)) {
    // row_counts holds shards that appear as writes land; its totals are compared below instead.
    if (table === 'backups' || table === 'row_counts') continue;
    const [row] = await rows<{ n: string }>(db, sql`select count(*) as n from ${sql.identifier(table)}`);
    counts[table] = Number(row?.n);
  }
  const [ledger] = await rows<{ amounts: string; balances: string }>(
    db,
    sql`select (select coalesce(sum(amount), 0) from coin_transactions) as amounts,
               (select coalesce(sum(balance), 0) from coin_accounts) as balances`,
  );
  const counters = await rows<{ counter: string; n: string }>(
    db,
    sql`select counter, sum(n)::text as n from row_counts where counter not like 'audit\_log.%' group by counter order by counter`,
  );
  return { counts, ledger, counters };
}

describe('database management', () => {
  let t: TestApp;
  let dataDir: string;
  let root: AdminPrincipal;
  let admin: AdminPrincipal;
  let rootAuth: { authorization: string };
  let adminAuth: { authorization: string };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'switchboard-db-'));
    t = await createTestApp({ dataDir });
    await seedDemoData(t.db, { scale: 'test' });
    root = await insertUser(t.db, { username: 'dbroot', password: 'Str0ng!pass', isRootAdmin: true });
    admin = await insertUser(t.db, { username: 'dbadmin', password: 'Str0ng!pass', isAdmin: true });
    rootAuth = await t.authHeader(root);
    adminAuth = await t.authHeader(admin);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('overview reads the live catalog: tables, exact small counts, indexes, size and pool', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/database/overview', headers: adminAuth });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const users = data.tables.find((x: { name: string }) => x.name === 'users');
    const [count] = await rows<{ n: string }>(t.db, sql`select count(*) as n from users`);
    expect(users).toMatchObject({ records: Number(count?.n), records_estimated: false });
    expect(data.total_tables).toBe((await applicationTables(t.db)).length);
    expect(data.indexes).toContainEqual(
      expect.objectContaining({ name: 'users_created_at_idx', table: 'users', unique: false }),
    );
    expect(data.database_size_bytes).toBeGreaterThan(0);
    expect(data.pool.total).toBeGreaterThanOrEqual(1);
  });

  it('sample shows the first 10 users and calls with their totals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/database/sample', headers: adminAuth });
    const data = res.json().data;
    expect(data.users.rows).toHaveLength(10);
    expect(data.calls.rows.length).toBeLessThanOrEqual(10);
    // Exact totals (from the counters), not the planner's estimate.
    const [exact] = await rows<{ users: number; calls: number }>(
      t.db,
      sql`select (select count(*) from users where deleted_at is null)::int as users,
            (select count(*) from calls)::int as calls`,
    );
    expect(data.users.total).toBe(exact?.users);
    expect(data.calls.total).toBe(exact?.calls);
    expect(data.users.rows[0]).toMatchObject({
      call_count: expect.any(Number),
      coin_balance: expect.any(Number),
    });
  });

  it('vacuum and analyze run and report their duration', async () => {
    for (const op of ['vacuum', 'analyze']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/database/${op}`, headers: adminAuth });
      expect(res.statusCode).toBe(200);
      expect(res.json().duration_ms).toBeGreaterThanOrEqual(0);
    }
  });

  it('restore drill: backup, empty the database, restore, identical counts and ledger sums', async () => {
    const before = await fingerprint(t.db);
    const made = await t.app.inject({ method: 'POST', url: '/api/v1/database/backup', headers: adminAuth });
    expect(made.statusCode).toBe(201);
    const backup = made.json().data;
    expect(backup).toMatchObject({ status: 'completed' });
    expect(backup.size_bytes).toBeGreaterThan(0);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/database/backups', headers: adminAuth });
    expect(listed.json().data[0].id).toBe(backup.id);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/database/backups/${backup.id}/download`,
      // backups:download is root's by default (lockout-guards.test.ts refuses it to the Admin template).
      headers: rootAuth,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(backup.size_bytes);

    if (t.deps.database.kind === 'pglite') {
      await wipeTables(t.db);
      expect((await fingerprint(t.db)).counts.users).toBe(0);
      await restoreFileInto(t.db, t.deps, join(backupDir({ dataDir }), backup.filename));
      const after = await fingerprint(t.db);
      expect(after.ledger).toEqual(before.ledger);
      expect(after.counters).toEqual(before.counters);
      // The dump was taken after the audit row of the backup itself was written.
      expect({ ...after.counts, audit_log: before.counts.audit_log }).toEqual(before.counts);
      expect(after.counts.audit_log).toBe((before.counts.audit_log ?? 0) + 1);
    } else {
      const empty = await openTestDatabase({ migrationsFolder: undefined });
      try {
        await wipeTables(empty.db, []);
        await restoreFileInto(empty.db, { database: empty }, join(backupDir({ dataDir }), backup.filename));
        const after = await fingerprint(empty.db);
        expect(after.ledger).toEqual(before.ledger);
        expect(after.counters).toEqual(before.counters);
        // The dump was taken after the audit row of the backup itself was written.
        expect({ ...after.counts, audit_log: before.counts.audit_log }).toEqual(before.counts);
      } finally {
        await empty.close();
      }
    }
  });

  it('restore is root only, needs the typed confirmation, and backs up first', async () => {
    const made = await t.app.inject({ method: 'POST', url: '/api/v1/database/backup', headers: adminAuth });
    expect(made.statusCode).toBe(201);
    const backup = made.json().data;
    const listBackups = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/database/backups', headers: adminAuth })).json()
        .data;
    const backupsBefore = (await listBackups()).length;
    const url = `/api/v1/database/backups/${backup.id}/restore`;
    const byAdmin = await t.app.inject({
      method: 'POST',
      url,
      headers: adminAuth,
      payload: { confirmation: 'RESTORE' },
    });
    expect(byAdmin.statusCode).toBe(403);
    const unconfirmed = await t.app.inject({
      method: 'POST',
      url,
      headers: rootAuth,
      payload: { confirmation: 'yes' },
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().message).toContain('Type RESTORE to confirm');
    const done = await t.app.inject({
      method: 'POST',
      url,
      headers: rootAuth,
      payload: { confirmation: 'RESTORE' },
    });
    expect(done.statusCode).toBe(200);
    const after = await listBackups();
    // The automatic backup of the state before the restore is listed first.
    expect(after).toHaveLength(backupsBefore + 1);
    expect(after[0].id).not.toBe(backup.id);
  });
});
