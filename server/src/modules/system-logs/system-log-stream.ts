import { isIP } from 'node:net';
import { Counter } from 'prom-client';
import type { Database } from '../../db/client.ts';
import { pgErrorCode } from '../../db/pg-errors.ts';
import { REQUEST_LINE } from '../../http/request-log.ts';
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

/**
 * Lines the database refused and that were dropped on their own, process-wide; served on /metrics.
 * Registered in no registry here: the Prometheus endpoint adds it to its own.
 */
export const droppedSystemLogLines = new Counter({
  name: 'switchboard_system_log_lines_dropped_total',
  help: 'Log lines that could not be saved to system_logs and were dropped (the rest of their batch was saved)',
  registers: [],
});

/** PostgreSQL cannot store NUL in text or jsonb, and a lone surrogate is not valid UTF-8. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what must go.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const storable = (text: string) => text.replace(UNSTORABLE, (c) => (c === '\u0000' ? '' : '\uFFFD'));

/** Every string (keys too) in a parsed log line, made storable. */
function storableValue(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(storableValue);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[storable(key)] = storableValue(inner);
    return out;
  }
  return value;
}

function levelOf(pinoLevel: number): SystemLogLevel {
  if (pinoLevel >= 60) return 'CRITICAL';
  if (pinoLevel >= 50) return 'ERROR';
  if (pinoLevel >= 40) return 'WARNING';
  if (pinoLevel >= 30) return 'INFO';
  return 'DEBUG';
}

/** How pino ends the per-request line (its message is written last), with or without the newline. */
const REQUEST_LINE_END = `"msg":"${REQUEST_LINE}"}`;
const REQUEST_LINE_END_NL = `${REQUEST_LINE_END}\n`;

/**
 * The row a pino line becomes, or null for lines not worth keeping: the per-request info lines
 * (request-log.ts; every request would be a row), told by their level and message without parsing.
 */
export function systemLogEntryOf(line: string): SystemLogEntry | null {
  if (
    line.startsWith('{"level":30,') &&
    (line.endsWith(REQUEST_LINE_END_NL) || line.endsWith(REQUEST_LINE_END))
  )
    return null;
  let obj: Record<string, unknown>;
  try {
    obj = storableValue(JSON.parse(line)) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return null;
  const pinoLevel = typeof obj.level === 'number' ? obj.level : 30;
  if (pinoLevel < 40 && ('req' in obj || 'res' in obj)) return null;
  const req = (obj.req ?? {}) as { remoteAddress?: unknown };
  const details: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) if (!PINO_FIELDS.has(key)) details[key] = value;
  if (typeof obj.reqId === 'string') details.reqId = obj.reqId;
  const detailsText = JSON.stringify(details);
  const claimed =
    typeof obj.ip === 'string' ? obj.ip : typeof req.remoteAddress === 'string' ? req.remoteAddress : null;
  const ip = claimed && isIP(claimed) ? claimed : null;
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

  const report = (msg: string, err: unknown) =>
    out.write(`${JSON.stringify({ level: 50, msg, err: String(err).slice(0, 500) })}\n`);

  /**
   * Saves a batch. When the database refuses it over one row's content, each row is tried alone and
   * a refused row is dropped and counted, so one poison line never holds back the lines after it.
   * Any other failure (the database is unreachable) keeps the unsaved rows for the next try.
   */
  const persist = async (batch: SystemLogEntry[]): Promise<void> => {
    try {
      await recordSystemLogs(db, batch);
      return;
    } catch (err) {
      if (!refusedContent(err)) throw err;
    }
    for (const [i, entry] of batch.entries()) {
      try {
        await recordSystemLogs(db, [entry]);
      } catch (err) {
        if (!refusedContent(err))
          throw Object.assign(new Error('unsaved'), { cause: err, rest: batch.slice(i) });
        dropLine(err);
      }
    }
  };
  const dropLine = (err: unknown) => {
    droppedSystemLogLines.inc();
    report('dropped a log line the database refused', err);
  };

  const flush = async (): Promise<void> => {
    if (flushing) return flushing;
    if (buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    flushing = persist(batch)
      .catch((err: unknown) => {
        // Keep the unsaved rows for the next try; a line on stdout says why, without looping through pino.
        const rest = (err as { rest?: SystemLogEntry[] }).rest ?? batch;
        buffer = [...rest, ...buffer].slice(-MAX_BUFFERED);
        report('could not persist system logs', (err as { cause?: unknown }).cause ?? err);
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
      let entry: SystemLogEntry | null;
      try {
        entry = systemLogEntryOf(line);
      } catch (err) {
        // A line too deeply nested to serialise again: logging must never throw into the caller.
        dropLine(err);
        return;
      }
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

/** The database refused a row for what it holds (a data exception, a constraint, a program limit). */
function refusedContent(err: unknown): boolean {
  if (err instanceof RangeError) return true;
  const code = pgErrorCode(err);
  return code !== undefined && /^(22|23|54)/.test(code);
}
