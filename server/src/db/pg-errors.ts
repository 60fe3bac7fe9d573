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
 * The message for a database error the client caused: the known data errors above, and any other
 * of SQLSTATE class 22 (data exception: invalid text for a type, bad escape, division by zero…).
 */
export function clientDataErrorMessage(error: unknown): string | undefined {
  const code = pgErrorCode(error);
  if (!code?.startsWith('22')) return undefined;
  return CLIENT_DATA_ERRORS[code] ?? 'A value is not valid';
}
