/** Client logger: levels debug < info < warn < error, default warn, last 100 entries kept. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const DEFAULT_LOG_LEVEL: LogLevel = 'warn';
export const MAX_LOG_ENTRIES = 100;
export const DEFAULT_RECENT_LOGS = 20;
export const SLOW_API_CALL_MS = 1000;

export interface LogEntry {
  timestamp: string;
  level: LogLevel;
  message: string;
  data?: unknown;
}

export interface Logger {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
  setLevel(level: LogLevel): void;
  getLevel(): LogLevel;
  getRecentLogs(count?: number): LogEntry[];
  clear(): void;
}

interface LoggerOptions {
  level?: LogLevel;
  /** Turn off for tests that assert on entries without noise. */
  console?: boolean;
  now?: () => Date;
}

export function createLogger({
  level = DEFAULT_LOG_LEVEL,
  console: toConsole = true,
  now = () => new Date(),
}: LoggerOptions = {}): Logger {
  let threshold = level;
  let entries: LogEntry[] = [];

  const write = (entryLevel: LogLevel, message: string, data: unknown) => {
    if (LOG_LEVELS.indexOf(entryLevel) < LOG_LEVELS.indexOf(threshold)) return;
    const entry: LogEntry = { timestamp: now().toISOString(), level: entryLevel, message };
    if (data !== undefined) entry.data = data;
    entries.push(entry);
    if (entries.length > MAX_LOG_ENTRIES) entries = entries.slice(-MAX_LOG_ENTRIES);
    if (toConsole) {
      const args = data === undefined ? [message] : [message, data];
      globalThis.console[entryLevel](`[${entry.timestamp}] ${entryLevel.toUpperCase()}:`, ...args);
    }
  };

  return {
    debug: (message, data) => write('debug', message, data),
    info: (message, data) => write('info', message, data),
    warn: (message, data) => write('warn', message, data),
    error: (message, data) => write('error', message, data),
    setLevel: (next) => {
      threshold = next;
    },
    getLevel: () => threshold,
    getRecentLogs: (count = DEFAULT_RECENT_LOGS) => entries.slice(-count),
    clear: () => {
      entries = [];
    },
  };
}

export const logger = createLogger();

/** API calls slower than a second are worth a warning. */
export function logApiTiming(method: string, path: string, status: number, durationMs: number): void {
  if (durationMs > SLOW_API_CALL_MS) {
    logger.warn(`Slow API call: ${method} ${path} took ${Math.round(durationMs)} ms`, {
      method,
      path,
      status,
      durationMs,
    });
  } else {
    logger.debug(`API call: ${method} ${path} (${status}) in ${Math.round(durationMs)} ms`);
  }
}
