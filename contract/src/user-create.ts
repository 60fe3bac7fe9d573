import { z } from 'zod';
import { PASSWORD_FLOOR, USERNAME_LENGTH } from './account-rules.ts';
import { endpoint } from './endpoint.ts';
import { UserResponse } from './users.ts';

/*
 * The account fields of the Add User form and of the root admin registration (root-admin.ts), and the
 * create-user request, in full zod. They live apart from users.ts, which is zod/mini: the users screen
 * loads them, with the form, only when the dialog opens.
 */

/** Username 3 to 50, letters, digits, hyphen, underscore. */
export const USERNAME_RULES = {
  required: 'Username is required',
  tooShort: 'Username must be at least 3 characters',
  tooLong: 'Username must be at most 50 characters',
  pattern: 'Username can only contain letters, numbers, hyphens, and underscores',
} as const;
export const Username = z
  .string({ error: USERNAME_RULES.required })
  .trim()
  .min(1, USERNAME_RULES.required)
  .min(USERNAME_LENGTH.min, USERNAME_RULES.tooShort)
  .max(USERNAME_LENGTH.max, USERNAME_RULES.tooLong)
  .regex(/^[A-Za-z0-9_-]+$/, USERNAME_RULES.pattern);

export const EMAIL_RULES = {
  required: 'Email is required',
  invalid: 'Please enter a valid email address',
} as const;
export const Email = z
  .string({ error: EMAIL_RULES.required })
  .trim()
  .min(1, EMAIL_RULES.required)
  .max(254, EMAIL_RULES.invalid)
  .email(EMAIL_RULES.invalid)
  .transform((email) => email.toLowerCase());

export const PASSWORD_RULES = {
  required: 'Password is required',
  tooShort: 'Password must be at least 8 characters',
  tooLong: 'Password must be at most 128 characters',
  weak: 'Password must contain uppercase, lowercase, number, and special character',
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
} as const;
/** Lower, upper, digit and a special character. */
export const isStrongPassword = (p: string) =>
  /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && /[^A-Za-z0-9]/.test(p);

/** Any password of at least 8 characters; the strength rule is added where it always applies. */
export const Password = z
  .string({ error: PASSWORD_RULES.required })
  .min(1, PASSWORD_RULES.required)
  .min(PASSWORD_FLOOR, PASSWORD_RULES.tooShort)
  .max(128, PASSWORD_RULES.tooLong);

/** A strong password: at least 8, with lower, upper, digit and a special character. */
export const StrongPassword = Password.refine(isStrongPassword, PASSWORD_RULES.weak);

export const CreateUserRequest = z.object({
  username: Username,
  email: Email,
  full_name: z.string().trim().max(100).optional().default(''),
  password: StrongPassword,
  is_admin: z.boolean().default(false),
  /** The new admin's role (ignored for an app user); none: the least privileged built-in role. */
  role_id: z.string().min(1).max(64).optional(),
});
export type CreateUserRequest = z.input<typeof CreateUserRequest>;

export const createUserEndpoint = endpoint({
  method: 'POST',
  path: '/admin/users',
  tag: 'users',
  access: 'admin',
  permission: 'users:write',
  body: CreateUserRequest,
  status: 201,
  response: UserResponse,
});
