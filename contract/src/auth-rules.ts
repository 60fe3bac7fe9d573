/**
 * The sign-in rules without zod, so the login page can check its form without loading the schema
 * library; `LoginRequest` in auth.ts is built from the same values.
 */
export const LOGIN_FIELDS = {
  username: { maxLength: 255, required: 'Username is required', tooLong: 'Username is too long' },
  password: { maxLength: 1024, required: 'Password is required', tooLong: 'Password is too long' },
} as const;

export const LOGIN_MESSAGES = {
  invalidCredentials: 'Invalid username or password',
  deactivated: 'Account is deactivated',
  tooManyAttempts: 'Too many failed sign-in attempts. Try again later.',
  /** The lockout, with the wait the server also sends as Retry-After. */
  lockedOut: (retryAfterSeconds: number) =>
    `Too many failed sign-in attempts. Try again in ${waitInWords(retryAfterSeconds)}.`,
  invalidRefreshToken: 'Invalid or expired refresh token',
  notSignedIn: 'Not authenticated',
  notAdmin: 'Administrator access required',
  rootOnly: 'Only root administrators can access this feature',
  appTokenRefused: 'An app session cannot use the administration API; sign in to the console',
} as const;

/** "45 seconds", "1 minute", "15 minutes": a wait rounded up, so the user never comes back too early. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) {
    const s = Math.max(1, Math.ceil(seconds));
    return `${s} ${s === 1 ? 'second' : 'seconds'}`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
