import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { seedDemoData } from '../../demo/seed-demo-data.ts';
import { migrationsBefore } from '../../testing/previous-migrations.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { getCallStatistics } from '../calls/call-statistics.service.ts';
import { ledgerSummary } from '../coins/coins-stats.repository.ts';
import { writeBackupFile } from './backup-files.ts';
import { restoreFileInto } from './backups.service.ts';

/**
 * A backup made by the release before the coin counters (0019) and call_totals (0020), restored by this
 * one: the statistics those migrations derive must come back from the restored rows, not read 0.
 */
describe('restoring a backup made before an upgrade', () => {
  let folder: string;
  let dir: string;
  let target: DatabaseHandle;
  beforeAll(async () => {
    folder = migrationsBefore('_coin_total_counters');
    dir = mkdtempSync(join(tmpdir(), 'switchboard-old-backup-'));
    const old = await openTestDatabase({ migrationsFolder: folder });
    try {
      await seedDemoData(old.db, { scale: 'test' });
      await writeBackupFile(old, join(dir, 'old-backup'));
    } finally {
      await old.close();
    }
    target = await openTestDatabase();
    await restoreFileInto(target.db, { database: target }, join(dir, 'old-backup'));
  }, 120_000);
  afterAll(async () => {
    await target?.close();
    rmSync(folder, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  it('brings it to the current schema with the call and coin totals of its rows', async () => {
    const [truth] = await queryRows<{ calls: number; duration: number; earned: number; spent: number }>(
      target.db,
      sql`select (select count(*)::int from calls) as calls, (select sum(duration)::int from calls) as duration,
        (select sum(greatest(amount, 0))::int from coin_transactions) as earned,
        (select -sum(least(amount, 0))::int from coin_transactions) as spent`,
    );
    expect(truth?.calls).toBeGreaterThan(0);
    expect(truth?.earned).toBeGreaterThan(0);
    const calls = await getCallStatistics(target.db);
    expect({ calls: calls.total_calls, duration: calls.total_duration }).toEqual({
      calls: truth?.calls,
      duration: truth?.duration,
    });
    const coins = await ledgerSummary(target.db, 5);
    expect({ earned: coins.earned, spent: coins.spent }).toEqual({
      earned: truth?.earned,
      spent: truth?.spent,
    });
  });
});
