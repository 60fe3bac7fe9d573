import type { Database } from '../../db/client.ts';
import { recordSystemLogs, type SystemLogEntry, type SystemLogLevel } from './system-logs.repository.ts';

export const LOG_FLUSH_INTERVAL_MS = 2_000;
const FLUSH_AT = 200;
/** While the database cannot take rows, keep at most this many and drop the oldest. */
const MAX_BUFFERED = 5_000;

const PINO_FIELDS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'module',
  'userId',
  'ip',
  'reqId',
  'req',
  'res',
]);

function levelOf(pinoLevel: number): SystemLogLevel {
  if (pinoLevel >= 60) return 'CRITICAL';
  if (pinoLevel >= 50) return 'ERROR';
  if (pinoLevel >= 40) return 'WARNING';
  if (pinoLevel >= 30) return 'INFO';
  return 'DEBUG';
}

/**
 * The row a pino line becomes, or null for lines not worth keeping: Fastify's per-request
 * "incoming request"/"request completed" info lines (every request would be two rows).
 */
export function systemLogEntryOf(line: string): SystemLogEntry | null {
  let obj: Record<string, unknown>;
  try {
    obj = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
  const pinoLevel = typeof obj.level === 'number' ? obj.level : 30;
  if (pinoLevel < 40 && ('req' in obj || 'res' in obj)) return null;
  const req = (obj.req ?? {}) as { remoteAddress?: unknown };
  const details: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) if (!PINO_FIELDS.has(key)) details[key] = value;
  if (typeof obj.reqId === 'string') details.reqId = obj.reqId;
  const detailsText = JSON.stringify(details);
  const ip =
    typeof obj.ip === 'string' ? obj.ip : typeof req.remoteAddress === 'string' ? req.remoteAddress : null;
  return {
    level: levelOf(pinoLevel),
    message: String(obj.msg ?? '').slice(0, 2000) || '(no message)',
    module: typeof obj.module === 'string' ? obj.module : 'server',
    userId: typeof obj.userId === 'string' ? obj.userId : null,
    ip,
    details:
      detailsText === '{}'
        ? null
        : detailsText.length > 8000
          ? { truncated: detailsText.slice(0, 8000) }
          : details,
  };
}

export interface SystemLogStream {
  /** pino calls this with each serialised line. */
  write(line: string): void;
  /** Writes what is buffered now (also run every LOG_FLUSH_INTERVAL_MS). */
  flush(): Promise<void>;
  /** Stops the timer after a last flush. */
  close(): Promise<void>;
}

/**
 * A pino destination that still prints every line to `out` and persists the kept ones to
 * system_logs in batches, so logging never waits for the database.
 */
export function createSystemLogStream(
  db: Database,
  out: { write(line: string): unknown } = process.stdout,
): SystemLogStream {
  let buffer: SystemLogEntry[] = [];
  let flushing: Promise<void> | null = null;

  const flush = async (): Promise<void> => {
    if (flushing) return flushing;
    if (buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    flushing = recordSystemLogs(db, batch)
      .catch((err: unknown) => {
        // Put the batch back for the next try; a line on stdout says why, without looping through pino.
        buffer = [...batch, ...buffer].slice(-MAX_BUFFERED);
        out.write(
          `${JSON.stringify({ level: 50, msg: 'could not persist system logs', err: String(err) })}\n`,
        );
      })
      .finally(() => {
        flushing = null;
      });
    return flushing;
  };

  const timer = setInterval(() => void flush(), LOG_FLUSH_INTERVAL_MS);
  timer.unref();

  return {
    write(line) {
      out.write(line);
      const entry = systemLogEntryOf(line);
      if (!entry) return;
      buffer.push(entry);
      if (buffer.length > MAX_BUFFERED) buffer.shift();
      if (buffer.length >= FLUSH_AT) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      if (flushing) await flushing;
      await flush();
    },
  };
}
