import { z } from 'zod';
import { envelope, IsoDateTime, SuccessMessage, UserId } from './common.ts';
import { endpoint } from './endpoint.ts';
import { PERMISSIONS } from './permissions.ts';

export const ROLE_MESSAGES = {
  notFound: 'Role not found',
  nameTaken: 'A role with this name already exists',
  builtInReadOnly: 'Built-in roles cannot be changed or deleted; make a custom role from one instead',
  inUse: (admins: number) =>
    `${admins} ${admins === 1 ? 'admin holds' : 'admins hold'} this role; give ${admins === 1 ? 'them' : 'each'} another role first`,
  notAnAdmin: 'Only an admin can hold a role',
  rootHoldsAll: 'A root administrator holds every permission; roles do not apply',
  cannotChangeOwn: 'You cannot change your own role',
  /** An admin who manages roles cannot hand out more than their own role holds (root holds all). */
  beyondOwn: (missing: readonly string[]) =>
    `You cannot grant permissions your own role does not hold: ${missing.join(', ')}`,
  created: 'Role created',
  updated: 'Role updated',
  deleted: 'Role deleted',
  assigned: 'Role changed',
  /** The API's 403 when the signed-in admin's role lacks an endpoint's permission. */
  denied: 'Your role does not allow this',
} as const;

export const Permission = z.enum(PERMISSIONS);

export const AdminRole = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  built_in: z.boolean(),
  permissions: z.array(Permission),
  /** Admins (not root) holding it now. */
  admins: z.number().int(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type AdminRole = z.infer<typeof AdminRole>;

export const RoleInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(50, 'Name must be at most 50 characters'),
  description: z.string().trim().max(200, 'Description must be at most 200 characters').default(''),
  permissions: z
    .array(Permission)
    .max(PERMISSIONS.length)
    .transform((list) => [...new Set(list)]),
});
export type RoleInput = z.input<typeof RoleInput>;

export const RoleIdParams = z.object({ id: z.string().min(1).max(64) });
export const AssignRoleParams = z.object({ id: UserId });
export const AssignRoleRequest = z.object({ role_id: z.string().min(1).max(64) });

export const adminRoleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/roles',
    tag: 'roles',
    access: 'admin',
    permission: 'users:read',
    response: envelope(z.object({ roles: z.array(AdminRole) })),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/roles',
    tag: 'roles',
    access: 'admin',
    permission: 'admins:manage',
    body: RoleInput,
    status: 201,
    response: envelope(AdminRole).extend({ message: z.string() }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/roles/:id',
    tag: 'roles',
    access: 'admin',
    permission: 'admins:manage',
    params: RoleIdParams,
    body: RoleInput,
    response: envelope(AdminRole).extend({ message: z.string() }),
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/admin/roles/:id',
    tag: 'roles',
    access: 'admin',
    permission: 'admins:manage',
    params: RoleIdParams,
    response: SuccessMessage,
  }),
  assign: endpoint({
    method: 'PUT',
    path: '/admin/users/:id/role',
    tag: 'roles',
    access: 'admin',
    permission: 'admins:manage',
    params: AssignRoleParams,
    body: AssignRoleRequest,
    response: SuccessMessage,
  }),
};
