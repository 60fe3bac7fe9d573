import { z } from 'zod';
import { envelope, FileBody, IsoDateTime, SuccessMessage } from './common.ts';
import { endpoint } from './endpoint.ts';

export const DATABASE_MESSAGES = {
  fetchFailed: 'Failed to fetch database data',
  optimizeFailed: 'Failed to optimize database',
  backupFailed: 'Failed to create backup',
  vacuumFailed: 'Failed to vacuum database',
  noBackups: 'No backups found',
  backupCreated: 'Backup created',
  pgDumpMissing: 'pg_dump is not installed on the server, so PostgreSQL backups cannot be made',
  pgRestoreMissing: 'pg_restore is not installed on the server, so PostgreSQL backups cannot be restored',
  psqlMissing: 'psql is not installed on the server, so PostgreSQL backups cannot be restored',
  backupNotFound: 'Backup not found',
  restoreConfirm: 'Type RESTORE to confirm',
  restored: 'Backup restored',
  backupInterrupted: 'Interrupted: the server stopped while writing this backup',
  backupUnreadable: 'This backup file is damaged or incomplete and cannot be restored',
  backupRunning: 'A backup is already running; try again when it has finished',
} as const;

/** The word an admin types to confirm a restore. */
export const RESTORE_CONFIRMATION = 'RESTORE';
/** Tables at or below this many rows are counted exactly; larger ones show the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;
export const DATABASE_TAB_ROWS = 10;

export const DatabaseTable = z.object({
  name: z.string(),
  records: z.number().int(),
  records_estimated: z.boolean(),
  size_bytes: z.number().int(),
  last_updated: IsoDateTime.nullable(),
});
export const DatabaseIndex = z.object({
  name: z.string(),
  table: z.string(),
  columns: z.array(z.string()),
  unique: z.boolean(),
  size_bytes: z.number().int(),
});
export const Backup = z.object({
  id: z.string(),
  filename: z.string(),
  size_bytes: z.number().int().nullable(),
  status: z.enum(['running', 'completed', 'failed']),
  trigger: z.enum(['manual', 'scheduled']),
  created_at: IsoDateTime,
  completed_at: IsoDateTime.nullable(),
  error: z.string().nullable(),
});
export type Backup = z.infer<typeof Backup>;

export const DatabaseOverview = z.object({
  engine: z.enum(['pglite', 'postgresql']),
  total_tables: z.number().int(),
  total_records: z.number().int(),
  database_size_bytes: z.number().int(),
  last_backup: Backup.nullable(),
  pool: z.object({ active: z.number().int(), idle: z.number().int(), total: z.number().int() }),
  tables: z.array(DatabaseTable),
  indexes: z.array(DatabaseIndex),
});
export type DatabaseOverview = z.infer<typeof DatabaseOverview>;

export const DatabaseUserRow = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string().nullable(),
  email: z.string(),
  is_active: z.boolean(),
  is_admin: z.boolean(),
  call_count: z.number().int(),
  coin_balance: z.number().int(),
  last_login: IsoDateTime.nullable(),
});
export const DatabaseCallRow = z.object({
  id: z.string(),
  caller: z.string(),
  callee: z.string(),
  type: z.string(),
  status: z.string(),
  duration: z.number().int(),
  cost: z.number().int(),
});
export const DatabaseSample = z.object({
  users: z.object({ total: z.number().int(), rows: z.array(DatabaseUserRow) }),
  calls: z.object({ total: z.number().int(), rows: z.array(DatabaseCallRow) }),
});
export type DatabaseSample = z.infer<typeof DatabaseSample>;

export const MaintenanceResult = z.object({
  success: z.literal(true),
  message: z.string(),
  duration_ms: z.number().int(),
});

export const BackupIdParams = z.object({ id: z.string().regex(/^\d+$/) });
export const RestoreRequest = z.object({
  confirmation: z.literal(RESTORE_CONFIRMATION, { error: DATABASE_MESSAGES.restoreConfirm }),
});

export const databaseEndpoints = {
  overview: endpoint({
    method: 'GET',
    path: '/database/overview',
    tag: 'database',
    access: 'admin',
    permission: 'data:read',
    response: envelope(DatabaseOverview),
  }),
  sample: endpoint({
    method: 'GET',
    path: '/database/sample',
    tag: 'database',
    access: 'admin',
    permission: 'data:read',
    response: envelope(DatabaseSample),
  }),
  backups: endpoint({
    method: 'GET',
    path: '/database/backups',
    tag: 'database',
    access: 'admin',
    permission: 'data:read',
    response: envelope(z.array(Backup)),
  }),
  backup: endpoint({
    method: 'POST',
    path: '/database/backup',
    tag: 'database',
    access: 'admin',
    permission: 'data:write',
    status: 201,
    response: envelope(Backup).extend({ message: z.string() }),
  }),
  vacuum: endpoint({
    method: 'POST',
    path: '/database/vacuum',
    tag: 'database',
    access: 'admin',
    permission: 'data:write',
    response: MaintenanceResult,
  }),
  analyze: endpoint({
    method: 'POST',
    path: '/database/analyze',
    tag: 'database',
    access: 'admin',
    permission: 'data:write',
    response: MaintenanceResult,
  }),
  restore: endpoint({
    method: 'POST',
    path: '/database/backups/:id/restore',
    tag: 'database',
    otherErrors: [422],
    access: 'root',
    permission: 'backups:restore',
    params: BackupIdParams,
    body: RestoreRequest,
    response: SuccessMessage,
  }),
  /** The backup file itself, for the browser to save. */
  downloadBackup: endpoint({
    method: 'GET',
    path: '/database/backups/:id/download',
    tag: 'database',
    access: 'admin',
    permission: 'backups:download',
    params: BackupIdParams,
    response: FileBody,
    file: 'application/octet-stream',
  }),
};
