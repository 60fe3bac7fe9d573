/**
 * What an admin may do, by area of the console. Each area has `read` and `write`; a few actions are
 * dangerous enough to be named on their own, and no built-in role but root's holds them. Kept free of
 * zod so the web's first download can carry it.
 */
export const PERMISSION_AREAS = [
  { id: 'users', label: 'Users' },
  { id: 'calls', label: 'Calls' },
  { id: 'coins', label: 'Coins' },
  { id: 'messaging', label: 'Messaging' },
  { id: 'social', label: 'Social & geolocation' },
  { id: 'safety', label: 'Trust & safety' },
  { id: 'data', label: 'Data' },
  { id: 'settings', label: 'Settings' },
  { id: 'monitoring', label: 'Monitoring' },
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number]['id'];

export const DANGEROUS_PERMISSIONS = [
  { id: 'backups:download', label: 'Download backups' },
  { id: 'backups:restore', label: 'Restore backups' },
  { id: 'users:erase', label: 'Erase personal data' },
  { id: 'settings:security', label: 'Security settings and wide IP blocks' },
  { id: 'admins:manage', label: 'Manage admins and roles' },
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
 * An endpoint's need: one permission, or `signed-in` for what every admin may do with their own
 * account (their profile, their sessions).
 */
export type EndpointPermission = Permission | 'signed-in';

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
    permissions: ['users:read', 'users:write', 'safety:read', 'safety:write'],
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
  return needed === 'signed-in' || held.includes(needed);
}
