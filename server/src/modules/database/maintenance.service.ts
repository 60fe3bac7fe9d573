import {
  DATABASE_TAB_ROWS,
  type DatabaseOverview,
  type DatabaseSample,
} from '@switchboard/contract/database';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { withoutStatementTimeout } from '../../db/pool-settings.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { lastCompletedBackup } from './backup.repository.ts';
import { toBackup } from './backups.service.ts';
import {
  databaseSize,
  indexStats,
  runMaintenanceCommand,
  sample,
  tableStats,
} from './database.repository.ts';
import type { DatabaseDeps } from './database-deps.ts';

/** The Database screen's overview and sample, and VACUUM / ANALYZE. Backups are in backups.service.ts. */
export async function databaseOverview(
  db: Database,
  { database }: Pick<DatabaseDeps, 'database'>,
): Promise<DatabaseOverview> {
  const [tables, indexes, size, last] = [
    await tableStats(db),
    await indexStats(db),
    await databaseSize(db),
    await lastCompletedBackup(db),
  ];
  return {
    engine: database.kind === 'pglite' ? 'pglite' : 'postgresql',
    total_tables: tables.length,
    total_records: tables.reduce((sum, t) => sum + t.records, 0),
    database_size_bytes: size,
    last_backup: last ? toBackup(last) : null,
    pool: poolStats(database),
    tables: tables.map((t) => ({
      name: t.name,
      records: t.records,
      records_estimated: t.estimated,
      size_bytes: t.sizeBytes,
      last_updated: t.lastUpdated,
    })),
    indexes: indexes.map((i) => ({
      name: i.name,
      table: i.table,
      columns: i.columns,
      unique: i.unique,
      size_bytes: i.sizeBytes,
    })),
  };
}

/** The real pool's counts; PGlite is one connection, busy or not. */
function poolStats(handle: DatabaseHandle) {
  if (handle.pool) {
    const total = handle.pool.totalCount;
    const idle = handle.pool.idleCount;
    return { active: total - idle, idle, total };
  }
  return { active: 1, idle: 0, total: 1 };
}

export async function databaseSample(db: Database): Promise<DatabaseSample> {
  const found = await sample(db, DATABASE_TAB_ROWS);
  return {
    users: {
      total: Number(found.users_total),
      rows: found.users.map((u) => ({
        id: u.id,
        username: u.username,
        full_name: u.full_name,
        email: u.email,
        is_active: u.is_active,
        is_admin: u.is_admin,
        call_count: Number(u.call_count),
        coin_balance: Number(u.coin_balance ?? 0),
        last_login: u.last_login ? new Date(u.last_login).toISOString() : null,
      })),
    },
    calls: {
      total: Number(found.calls_total),
      rows: found.calls.map((c) => ({
        id: c.id,
        caller: c.caller ?? '',
        callee: c.callee ?? '',
        type: c.type,
        status: c.status,
        duration: Number(c.duration),
        cost: Number(c.coins_used),
      })),
    },
  };
}

export async function runMaintenance(
  db: Database,
  { database }: Pick<DatabaseDeps, 'database'>,
  kind: 'vacuum' | 'analyze',
  by: { actor: AdminPrincipal; context: RequestContext },
): Promise<number> {
  const started = performance.now();
  await withoutStatementTimeout(database, (client) => runMaintenanceCommand(db, client, kind));
  const durationMs = Math.round(performance.now() - started);
  // VACUUM cannot run inside a transaction, so its audit row follows it.
  await db.transaction((tx) =>
    recordAudit(tx, {
      actor: by.actor,
      action: `database.${kind}`,
      targetType: 'database',
      targetId: null,
      before: null,
      after: { duration_ms: durationMs },
      context: by.context,
    }),
  );
  return durationMs;
}
