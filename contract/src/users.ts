import { z } from 'zod';
import { envelope, limitParam, pageFields, pageParam, SuccessMessage, UserId } from './common.ts';
import { endpoint } from './endpoint.ts';

/** The users list shows 10 per page. */
export const USERS_PAGE_SIZE = 10;
export const USER_STATUS_FILTERS = ['all', 'online', 'offline', 'admin'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];
/** The API also accepts `deleted`: soft-deleted users, which every other filter leaves out. */
export const USER_STATUS_QUERY_FILTERS = [...USER_STATUS_FILTERS, 'deleted'] as const;
export type UserStatusQueryFilter = (typeof USER_STATUS_QUERY_FILTERS)[number];

/** One row of the users screen. */
export const AdminUserRow = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  is_online: z.boolean(),
  is_admin: z.boolean(),
  is_root_admin: z.boolean(),
  is_active: z.boolean(),
  coin_balance: z.number().int(),
  total_earned: z.number().int(),
  total_spent: z.number().int(),
  created_at: z.string(),
  last_login: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const ListUsersQuery = z.object({
  page: pageParam,
  limit: limitParam(USERS_PAGE_SIZE),
  search: z.string().trim().max(100).optional().default(''),
  status: z.enum(USER_STATUS_QUERY_FILTERS).default('all'),
  /**
   * `next_cursor` of the previous page: continues after its last row without an OFFSET, for deep
   * pages. `page` is then only echoed back.
   */
  cursor: z.string().max(200).optional(),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;

export const ListUsersResponse = envelope(
  z.object({
    users: z.array(AdminUserRow),
    ...pageFields,
  }),
);
export type ListUsersResponse = z.infer<typeof ListUsersResponse>;
export type UsersPage = ListUsersResponse['data'];

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
  .min(3, USERNAME_RULES.tooShort)
  .max(50, USERNAME_RULES.tooLong)
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
  .min(8, PASSWORD_RULES.tooShort)
  .max(128, PASSWORD_RULES.tooLong);

/** A strong password: at least 8, with lower, upper, digit and a special character. */
export const StrongPassword = Password.refine(isStrongPassword, PASSWORD_RULES.weak);

export const CreateUserRequest = z.object({
  username: Username,
  email: Email,
  full_name: z.string().trim().max(100).optional().default(''),
  password: StrongPassword,
  is_admin: z.boolean().default(false),
});
export type CreateUserRequest = z.input<typeof CreateUserRequest>;

export const UserIdParams = z.object({ id: UserId });

export const SetAdminRequest = z.object({ is_admin: z.boolean() });
export type SetAdminRequest = z.infer<typeof SetAdminRequest>;

export const BULK_USER_ACTIONS = ['make_admin', 'remove_admin', 'delete'] as const;
export type BulkUserActionName = (typeof BULK_USER_ACTIONS)[number];
export const BulkUserAction = z.object({
  action: z.enum(BULK_USER_ACTIONS),
  user_ids: z.array(UserId).min(1, 'Select at least one user').max(100, 'At most 100 users at a time'),
});
export type BulkUserAction = z.infer<typeof BulkUserAction>;

export const UserResponse = envelope(AdminUserRow);
export type UserResponse = z.infer<typeof UserResponse>;
export const BulkUserActionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  affected: z.number().int(),
});
export type BulkUserActionResponse = z.infer<typeof BulkUserActionResponse>;

export const USER_RULE_MESSAGES = {
  notFound: 'User not found',
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already registered',
  cannotDemoteSelf: 'You cannot remove your own admin rights',
  cannotDeleteSelf: 'You cannot delete your own account',
  lastRootAdmin: 'The last root administrator cannot be removed',
  rootAdminIsAlwaysAdmin: 'A root administrator always has admin rights',
  onlyRootDeletesRoot: 'Only a root administrator can delete another root administrator',
  someNotFound: (missing: number) => `${missing} of the selected users were not found`,
} as const;

export const USER_ACTION_MESSAGES = {
  deleted: 'User deleted',
  make_admin: (n: number) => `${n} ${n === 1 ? 'user' : 'users'} made admin`,
  remove_admin: (n: number) => `Admin rights removed from ${n} ${n === 1 ? 'user' : 'users'}`,
  delete: (n: number) => `${n} ${n === 1 ? 'user' : 'users'} deleted`,
} as const satisfies Record<BulkUserActionName | 'deleted', unknown>;

/** Asked before one user is deleted. */
export const DELETE_USER_CONFIRMATION = 'Are you sure you want to delete this user?';

/** The root-only action that anonymises a deleted user's profile; calls, ledger rows and counts stay. */
export const USER_ERASE_MESSAGES = {
  erased: 'Personal data erased',
  notDeleted: 'Delete the user before erasing their personal data',
} as const;

/** The users list is admin-only despite "public" in its path. */
export const usersEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/public/users',
    tag: 'users',
    access: 'admin',
    query: ListUsersQuery,
    response: ListUsersResponse,
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/users/:id',
    tag: 'users',
    access: 'admin',
    params: UserIdParams,
    response: UserResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/users',
    tag: 'users',
    access: 'admin',
    body: CreateUserRequest,
    status: 201,
    response: UserResponse,
  }),
  setAdmin: endpoint({
    method: 'PATCH',
    path: '/admin/users/:id/admin',
    tag: 'users',
    access: 'admin',
    params: UserIdParams,
    body: SetAdminRequest,
    response: UserResponse,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/admin/users/:id',
    tag: 'users',
    access: 'admin',
    params: UserIdParams,
    response: SuccessMessage,
  }),
  bulk: endpoint({
    method: 'POST',
    path: '/admin/users/bulk',
    tag: 'users',
    access: 'admin',
    body: BulkUserAction,
    response: BulkUserActionResponse,
  }),
  erase: endpoint({
    method: 'POST',
    path: '/admin/users/:id/erase',
    tag: 'users',
    access: 'root',
    params: UserIdParams,
    response: SuccessMessage,
  }),
};
