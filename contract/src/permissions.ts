/**
 * What an admin may do, by area of the console. Each area has `read` and `write`; a few actions are
 * dangerous enough to be named on their own, and no built-in role but root's holds them. Kept free of
 * zod so the web's first download can carry it.
 */
export const PERMISSION_AREAS = [
  { id: 'users', label: 'Users', covers: 'Users, and acting on user reports' },
  { id: 'calls', label: 'Calls', covers: 'Calls' },
  { id: 'coins', label: 'Coins', covers: 'Coin management and coin packages' },
  { id: 'messaging', label: 'Messaging', covers: 'Notifications and official messages' },
  { id: 'social', label: 'Social & geolocation', covers: 'Social interactions and geolocation' },
  { id: 'safety', label: 'Trust & safety', covers: 'Security events, IP blocks, user reports, system logs' },
  { id: 'data', label: 'Data', covers: 'Database and backups' },
  { id: 'settings', label: 'Settings', covers: 'System settings' },
  { id: 'monitoring', label: 'Monitoring', covers: 'Dashboard, analytics, monitor, performance' },
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number]['id'];

export const DANGEROUS_PERMISSIONS = [
  { id: 'backups:download', label: 'Download backups' },
  { id: 'backups:restore', label: 'Restore backups' },
  { id: 'users:erase', label: 'Erase personal data' },
  { id: 'settings:security', label: 'Security settings and wide IP blocks' },
  { id: 'admins:manage', label: 'Manage admins and roles' },
  { id: 'webhooks:manage', label: 'Manage webhooks' },
] as const;
export type DangerousPermission = (typeof DANGEROUS_PERMISSIONS)[number]['id'];

export type AreaPermission = `${PermissionArea}:${'read' | 'write'}`;
export type Permission = AreaPermission | DangerousPermission;

const areaIds = PERMISSION_AREAS.map((a) => a.id);
export const readOf = (area: PermissionArea): AreaPermission => `${area}:read`;
export const writeOf = (area: PermissionArea): AreaPermission => `${area}:write`;

/** Every permission, in the order the console lists them. */
export const PERMISSIONS: readonly [Permission, ...Permission[]] = [
  ...areaIds.flatMap((area) => [readOf(area), writeOf(area)]),
  ...DANGEROUS_PERMISSIONS.map((p) => p.id),
] as [Permission, ...Permission[]];

/**
 * An endpoint's need: one permission, several of which any one suffices (user reports answer both
 * trust & safety and users, so Support acts on reports without blocking addresses), or `signed-in`
 * for what every admin may do with their own account (their profile, their sessions).
 */
export type EndpointPermission = Permission | readonly [Permission, ...Permission[]] | 'signed-in';

/**
 * User reports belong to trust & safety and to the users area both: Support (users) handles them
 * without the rest of trust & safety (blocking addresses), and a Moderator (trust & safety) does too.
 */
export const REPORTS_READ = ['safety:read', 'users:read'] as const satisfies readonly Permission[];
export const REPORTS_WRITE = ['safety:write', 'users:write'] as const satisfies readonly Permission[];

export interface BuiltInRole {
  id: string;
  name: string;
  description: string;
  permissions: readonly Permission[];
}

const everyArea = (kind: 'read' | 'write') => areaIds.map((area) => `${area}:${kind}` as AreaPermission);

/**
 * The templates every install has (the migration writes the same rows; a test keeps them equal).
 * Admin is what every non-root admin could do before roles, minus the dangerous actions.
 */
export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  {
    id: 'admin',
    name: 'Admin',
    description: 'Reads and changes every area; no dangerous actions',
    permissions: [...everyArea('read'), ...everyArea('write')],
  },
  {
    id: 'support',
    name: 'Support',
    description: 'Users and user reports',
    // Not trust & safety: its write blocks addresses. Reports answer the users area too.
    permissions: ['users:read', 'users:write'],
  },
  {
    id: 'finance',
    name: 'Finance',
    description: 'Coins, and calls read-only',
    permissions: ['coins:read', 'coins:write', 'calls:read'],
  },
  {
    id: 'moderator',
    name: 'Moderator',
    description: 'Trust & safety, reading users, suspending reported users',
    permissions: ['safety:read', 'safety:write', 'users:read'],
  },
  {
    id: 'viewer',
    name: 'Viewer',
    description: 'Reads every area, changes nothing',
    permissions: everyArea('read'),
  },
];

/** The role every admin gets unless another is chosen: the upgrade gave it to every existing admin. */
export const DEFAULT_ROLE_ID = 'admin';

/** Whether a signed-in admin holding `held` (root holds all) may use an endpoint needing `needed`. */
export function allows(held: readonly Permission[], needed: EndpointPermission | undefined): boolean {
  if (needed === undefined) return false;
  if (needed === 'signed-in') return true;
  return typeof needed === 'string' ? held.includes(needed) : needed.some((p) => held.includes(p));
}

/** The permissions an endpoint accepts, as a list (empty for `signed-in`). */
export function acceptedPermissions(needed: EndpointPermission): readonly Permission[] {
  if (needed === 'signed-in') return [];
  return typeof needed === 'string' ? [needed] : needed;
}

/** What the console shows on a screen the admin's role cannot read (typed URL or stale link). */
export const NO_ACCESS_MESSAGE = "You don't have access to this page";
