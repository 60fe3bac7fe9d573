/**
 * The lengths of account names and passwords, without zod, so the first download can hint them;
 * user-create.ts builds its schemas from the same values.
 */

/** Username 3 to 50 characters, whatever the settings say (no setting changes it). */
export const USERNAME_LENGTH = { min: 3, max: 50 } as const;
export const USERNAME_HINT = `${USERNAME_LENGTH.min} to ${USERNAME_LENGTH.max} characters: letters, numbers, hyphens and underscores.`;

/** No password is shorter; Settings → Security → Password Minimum Length may ask more. */
export const PASSWORD_FLOOR = 8;
/** The length a new password needs under the live settings. */
export const passwordMinLength = (setting: number) => Math.max(PASSWORD_FLOOR, setting);
export const passwordTooShort = (min: number) => `Password must be at least ${min} characters`;
/** The hint under a new-password field. */
export const passwordHint = (min: number, strong = true) =>
  strong
    ? `At least ${min} characters with uppercase, lowercase, number and special character.`
    : `At least ${min} characters.`;
