/** The SQLSTATE of a PostgreSQL error, looking through the wrappers Drizzle puts around it. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown): boolean => pgErrorCode(error) === '23505';

/**
 * Data errors caused by what the client sent rather than by the server: text PostgreSQL cannot
 * store (a NUL character), a value out of range or too long. They deserve a 400, not a 500.
 */
export const CLIENT_DATA_ERRORS: Record<string, string> = {
  '22021': 'Text must not contain NUL characters',
  '22P05': 'Text must not contain NUL characters',
  '22001': 'A value is too long',
  '22003': 'A number is out of range',
};

/**
 * The 400 message for an error the database raised over what the client sent, or undefined when
 * the error is the server's. Every data exception (SQLSTATE class 22: a malformed IP address, a bad
 * timestamp) and a refused CHECK are the client's.
 */
export function clientDataErrorMessage(error: unknown): string | undefined {
  const code = pgErrorCode(error);
  if (!code) return undefined;
  if (CLIENT_DATA_ERRORS[code]) return CLIENT_DATA_ERRORS[code];
  if (code === '23514') return 'A value is not allowed';
  if (code.startsWith('22')) return 'A value is not in the expected format';
  return undefined;
}

/** Node's socket errors for a server that went away or cannot be reached. */
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
/** What node-postgres says when the socket under a client closed, or the client is unusable since. */
const LOST_CONNECTION_TEXT =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect/;

/**
 * Whether the error is the connection to PostgreSQL going away (a restart, a failover,
 * pg_terminate_backend, a network cut) rather than the statement failing: SQLSTATE class 08, an
 * administrator's shutdown (57P01–57P03), or the socket closing under node-postgres.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (code.startsWith('08') || /^57P0[123]$/.test(code) || SOCKET_ERRORS.has(code))
    )
      return true;
    if (LOST_CONNECTION_TEXT.test(e.message)) return true;
  }
  return false;
}

/** The answer for a request whose database connection was lost: the next attempt gets a fresh one. */
export const CONNECTION_LOST_MESSAGE =
  'The database connection was lost during this request: try again in a moment';
