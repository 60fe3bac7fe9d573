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
