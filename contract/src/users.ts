import * as z from 'zod/mini';
import { envelope, limitParam, pageFields, pageParam, SuccessMessage, UserId } from './common-mini.ts';
import { endpoint } from './endpoint.ts';

/*
 * Built with zod/mini: the users screen parses its URL with ListUsersQuery and calls these endpoints on
 * its first load, where the full zod's schema classes would add ~10 kB gzip. Creating a user, with the
 * account fields and their rules, is in user-create.ts (full zod), which loads with the Add User form.
 */

/** The users list shows 10 per page. */
export const USERS_PAGE_SIZE = 10;
export const USER_STATUS_FILTERS = ['all', 'online', 'offline', 'admin'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];
/**
 * The API also accepts `suspended` (suspended now: a suspension past its end no longer counts) and
 * `deleted`: soft-deleted users, which every other filter leaves out.
 */
export const USER_STATUS_QUERY_FILTERS = [...USER_STATUS_FILTERS, 'suspended', 'deleted'] as const;
export type UserStatusQueryFilter = (typeof USER_STATUS_QUERY_FILTERS)[number];

/** One row of the users screen. */
export const AdminUserRow = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  full_name: z.nullable(z.string()),
  is_online: z.boolean(),
  is_admin: z.boolean(),
  is_root_admin: z.boolean(),
  /** The admin role the account holds while it is a non-root admin. */
  admin_role_id: z.string(),
  /** False while suspended; a suspension past its end no longer counts. */
  is_active: z.boolean(),
  /** Set once the user is deleted (soft: the row stays, and can be restored). */
  deleted_at: z.nullable(z.string()),
  coin_balance: z.int(),
  total_earned: z.int(),
  total_spent: z.int(),
  created_at: z.string(),
  last_login: z.nullable(z.string()),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const ListUsersQuery = z.object({
  page: pageParam,
  limit: limitParam(USERS_PAGE_SIZE),
  /** Matches username, email or full name; a whole user id matches that user exactly. */
  search: z._default(z.optional(z.string().check(z.trim(), z.maxLength(100))), ''),
  status: z._default(z.enum(USER_STATUS_QUERY_FILTERS), 'all'),
  /**
   * `next_cursor` of the previous page: continues after its last row without an OFFSET, for deep
   * pages. `page` is then only echoed back.
   */
  cursor: z.optional(z.string().check(z.maxLength(200))),
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

export const UserIdParams = z.object({ id: UserId });

/** The role a promoted admin gets (make admin only); none: the least privileged built-in role. */
const PromotedRoleId = z.optional(z.string().check(z.minLength(1), z.maxLength(64)));
export const SetAdminRequest = z.object({ is_admin: z.boolean(), role_id: PromotedRoleId });
export type SetAdminRequest = z.infer<typeof SetAdminRequest>;

export const BULK_USER_ACTIONS = ['make_admin', 'remove_admin', 'delete', 'suspend', 'reactivate'] as const;
export type BulkUserActionName = (typeof BULK_USER_ACTIONS)[number];
export const BulkUserAction = z.object({
  action: z.enum(BULK_USER_ACTIONS),
  /** Required to suspend: why (kept on each user and in the audit log). */
  reason: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  role_id: PromotedRoleId,
  user_ids: z
    .array(UserId)
    .check(z.minLength(1, 'Select at least one user'), z.maxLength(100, 'At most 100 users at a time')),
});
export type BulkUserAction = z.infer<typeof BulkUserAction>;

export const UserResponse = envelope(AdminUserRow);
export type UserResponse = z.infer<typeof UserResponse>;
export const BulkUserActionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  affected: z.int(),
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
  suspendReasonRequired: 'A reason is required',
  someNotFound: (missing: number) => `${missing} of the selected users were not found`,
} as const;

export const USER_ACTION_MESSAGES = {
  deleted: 'User deleted',
  make_admin: (n: number) => `${n} ${n === 1 ? 'user' : 'users'} made admin`,
  remove_admin: (n: number) => `Admin rights removed from ${n} ${n === 1 ? 'user' : 'users'}`,
  delete: (n: number) => `${n} ${n === 1 ? 'user' : 'users'} deleted`,
  suspend: (n: number) => `${n} ${n === 1 ? 'user' : 'users'} suspended`,
  reactivate: (n: number) => `${n} ${n === 1 ? 'user' : 'users'} reactivated`,
} as const satisfies Record<BulkUserActionName | 'deleted', unknown>;

/** Asked before one user is deleted. */
export const DELETE_USER_CONFIRMATION = 'Are you sure you want to delete this user?';

/** The root-only action that anonymises a deleted user's profile; calls, ledger rows and counts stay. */
export const USER_ERASE_MESSAGES = {
  erased: 'Personal data erased',
  notDeleted: 'Delete the user before erasing their personal data',
} as const;

/** The users list is admin-only despite "public" in its path. Creating a user: user-create.ts. */
export const usersEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/public/users',
    tag: 'users',
    access: 'admin',
    permission: 'users:read',
    query: ListUsersQuery,
    response: ListUsersResponse,
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/users/:id',
    tag: 'users',
    access: 'admin',
    permission: 'users:read',
    params: UserIdParams,
    response: UserResponse,
  }),
  setAdmin: endpoint({
    method: 'PATCH',
    path: '/admin/users/:id/admin',
    tag: 'users',
    access: 'admin',
    permission: 'admins:manage',
    params: UserIdParams,
    body: SetAdminRequest,
    response: UserResponse,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/admin/users/:id',
    tag: 'users',
    access: 'admin',
    permission: 'users:write',
    params: UserIdParams,
    response: SuccessMessage,
  }),
  bulk: endpoint({
    method: 'POST',
    path: '/admin/users/bulk',
    tag: 'users',
    access: 'admin',
    permission: 'users:write',
    body: BulkUserAction,
    response: BulkUserActionResponse,
  }),
  erase: endpoint({
    method: 'POST',
    path: '/admin/users/:id/erase',
    tag: 'users',
    access: 'root',
    permission: 'users:erase',
    params: UserIdParams,
    response: SuccessMessage,
  }),
};
