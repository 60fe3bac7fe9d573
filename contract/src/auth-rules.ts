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
  invalidRefreshToken: 'Invalid or expired refresh token',
  notSignedIn: 'Not authenticated',
  notAdmin: 'Administrator access required',
  rootOnly: 'Only root administrators can access this feature',
  appTokenRefused: 'An app session cannot use the administration API; sign in to the console',
} as const;
