import type { Executor } from '../../db/client.ts';
import { type LOG_LEVELS, systemLogs } from '../../db/schema/system.ts';

export type SystemLogLevel = (typeof LOG_LEVELS)[number];

/** A row of the Logs screen. */
export interface SystemLogEntry {
  level: SystemLogLevel;
  message: string;
  /** Where it came from: a server module name, or 'web' for reports from the console itself. */
  module: string;
  userId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown> | null;
}

export async function writeSystemLog(executor: Executor, entry: SystemLogEntry): Promise<void> {
  await executor.insert(systemLogs).values({
    level: entry.level,
    message: entry.message,
    module: entry.module,
    userId: entry.userId ?? null,
    ipAddress: entry.ip ?? null,
    details: entry.details ?? null,
  });
}
