import { z } from 'zod';
import { SuccessMessage } from './common.ts';
import { endpoint } from './endpoint.ts';
import { Email, PASSWORD_RULES, Password, StrongPassword, Username } from './user-create.ts';

export const MAX_ROOT_ADMINS_DEFAULT = 1;
export const REGISTRATION_REDIRECT_MS = 3000;

export const RootAdminStatus = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  existing_root_admins: z.number().int(),
});
export type RootAdminStatus = z.infer<typeof RootAdminStatus>;

export const RootAdminSettings = z.object({
  success: z.literal(true),
  registration_enabled: z.boolean(),
  existing_root_admins: z.number().int(),
  can_disable: z.boolean(),
  settings: z.object({
    auto_disable_after_creation: z.boolean(),
    require_strong_password: z.boolean(),
    max_root_admins: z.number().int(),
  }),
});
export type RootAdminSettings = z.infer<typeof RootAdminSettings>;

const RegistrationFields = z.object({
  username: Username,
  email: Email,
  display_name: z.string().trim().max(100).optional().default(''),
  password: Password,
  confirm_password: z
    .string({ error: PASSWORD_RULES.confirmRequired })
    .min(1, PASSWORD_RULES.confirmRequired),
});
const passwordsMatch: [
  (form: { password: string; confirm_password: string }) => boolean,
  { path: string[]; message: string },
] = [
  (form) => form.password === form.confirm_password,
  { path: ['confirm_password'], message: PASSWORD_RULES.mismatch },
];

/** The registration form: a strong password always. */
export const RootAdminRegistration = RegistrationFields.extend({ password: StrongPassword }).refine(
  ...passwordsMatch,
);
/**
 * What the API accepts: the server adds the strength rule while the root admin settings'
 * require_strong_password is on (the default).
 */
export const RootAdminRegistrationBody = RegistrationFields.refine(...passwordsMatch);
export type RootAdminRegistration = z.input<typeof RootAdminRegistration>;

export const ROOT_ADMIN_MESSAGES = {
  registered: 'Root administrator registered successfully',
  closed: 'Root admin registration is disabled',
  failed: 'Registration failed. Please try again.',
} as const;

/** Status and register are public: on a fresh installation nobody can sign in until the first root admin registers. */
export const rootAdminEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/admin_root_admin/status',
    tag: 'root-admin',
    access: 'public',
    response: RootAdminStatus,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/admin_root_admin/settings',
    tag: 'root-admin',
    access: 'root',
    permission: 'admins:manage',
    response: RootAdminSettings,
  }),
  register: endpoint({
    method: 'POST',
    path: '/admin_root_admin/register',
    tag: 'root-admin',
    access: 'public',
    body: RootAdminRegistrationBody,
    status: 201,
    response: SuccessMessage,
  }),
};
