import { LOG_LEVELS } from '@switchboard/contract/system-logs';
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, inet, oneOf, tstz, updatedAt } from './columns.ts';

export { LOG_LEVELS };

export const systemLogs = pgTable(
  'system_logs',
  {
    id: bigId(),
    level: text('level', { enum: LOG_LEVELS }).notNull(),
    message: text('message').notNull(),
    module: text('module').notNull(),
    userId: text('user_id'),
    ipAddress: inet('ip_address'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('system_logs_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('system_logs_level_idx').on(t.level, t.createdAt.desc().nullsFirst()),
    index('system_logs_module_idx').on(t.module, t.createdAt.desc().nullsFirst()),
    index('system_logs_time_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('system_logs_level_time_id_idx').on(t.level, t.createdAt.desc(), t.id.desc()),
    index('system_logs_module_time_id_idx').on(t.module, t.createdAt.desc(), t.id.desc()),
    index('system_logs_message_trgm').using('gin', sql`${t.message} gin_trgm_ops`),
    check('system_logs_level_check', oneOf(t.level, LOG_LEVELS)),
  ],
);

/** One row per settings section (app, security, notifications, database, api, root_admin). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: text('updated_by'),
  updatedAt: updatedAt(),
});

export const BACKUP_STATUSES = ['running', 'completed', 'failed'] as const;
export const BACKUP_TRIGGERS = ['manual', 'scheduled'] as const;

export const backups = pgTable(
  'backups',
  {
    id: bigId(),
    filename: text('filename').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    status: text('status', { enum: BACKUP_STATUSES }).notNull(),
    trigger: text('trigger', { enum: BACKUP_TRIGGERS }).notNull(),
    createdBy: text('created_by'),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: tstz('completed_at'),
  },
  (t) => [
    check('backups_status_check', oneOf(t.status, BACKUP_STATUSES)),
    check('backups_trigger_check', oneOf(t.trigger, BACKUP_TRIGGERS)),
    check('backups_size_bytes_check', sql`${t.sizeBytes} >= 0`),
  ],
);
