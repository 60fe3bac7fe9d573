import { z } from 'zod';
import { SuccessMessage } from './common.ts';
import { endpoint } from './endpoint.ts';

export const FACTORY_RESET_MESSAGES = {
  unavailableTitle: 'Factory Reset Unavailable',
  rootOnly: 'Only root administrators can access this feature',
  passwordRequired: 'Password is required',
  usernameRequired: 'Admin username is required',
  reasonTooShort: 'Reset reason must be at least 10 characters',
  confirmRequired: 'You must confirm the factory reset',
  wrongPassword: 'Invalid password',
  wrongUsername: 'Admin username does not match the signed-in root administrator',
  statusFailed: 'Failed to load factory reset status',
  failed: 'Factory reset failed. Please try again.',
  done: 'Factory reset completed. Register a new root administrator to continue.',
} as const;

export const FACTORY_RESET_REASON_MIN = 10;
/** The progress view: +10 every 500 ms up to 90, then the redirect 3 s after completion. */
export const FACTORY_RESET_PROGRESS = { step: 10, max: 90, intervalMs: 500, redirectMs: 3000 } as const;
export const FACTORY_RESET_STEPS = [
  'Verifying credentials',
  'Clearing databases',
  'Finalizing reset',
] as const;

export const FactoryResetStatus = z.object({ success: z.literal(true), available: z.boolean() });

export const FactoryResetPreview = z.object({
  success: z.literal(true),
  affected_data: z.object({
    users: z.number().int(),
    databases: z.object({ tables: z.number().int(), rows: z.number().int() }),
    uploads_directory: z.object({ path: z.string(), size_bytes: z.number().int(), files: z.number().int() }),
    database_files: z.array(z.object({ name: z.string(), size_bytes: z.number().int() })),
    /** Deleted by the reset unless the root admin keeps them (`keep_backups`). */
    backups: z.object({ records: z.number().int(), files: z.number().int(), size_bytes: z.number().int() }),
  }),
  next_steps: z.array(z.string()),
});
export type FactoryResetPreview = z.infer<typeof FactoryResetPreview>;

export const FactoryResetRequest = z.object({
  password: z
    .string({ error: FACTORY_RESET_MESSAGES.passwordRequired })
    .min(1, FACTORY_RESET_MESSAGES.passwordRequired),
  admin_username: z
    .string({ error: FACTORY_RESET_MESSAGES.usernameRequired })
    .trim()
    .min(1, FACTORY_RESET_MESSAGES.usernameRequired),
  reason: z
    .string({ error: FACTORY_RESET_MESSAGES.reasonTooShort })
    .trim()
    .min(FACTORY_RESET_REASON_MIN, FACTORY_RESET_MESSAGES.reasonTooShort)
    .max(1000),
  confirm_reset: z.literal(true, { error: FACTORY_RESET_MESSAGES.confirmRequired }),
  /**
   * Off unless the root admin asks: a kept backup holds every old account (password hashes included),
   * and whoever registers as the next root admin can download it.
   */
  keep_backups: z.boolean({ error: 'keep_backups must be true or false' }).default(false),
});
export type FactoryResetRequest = z.input<typeof FactoryResetRequest>;

export const FACTORY_RESET_BACKUPS_WARNING =
  'Backups are deleted too unless you keep them. A kept backup holds every current account, password hashes and personal data included, and the next root administrator can download it.';

export const FACTORY_RESET_NEXT_STEPS = [
  'Every table is emptied and the uploads directory is cleared',
  'Every backup (files and list) is deleted, unless you choose to keep them; if you keep them, a backup of the current database is taken first',
  'Every session is signed out',
  'Register a new root administrator at /admin_root_admin',
] as const;

/** Root only: any other admin gets 403, which the screen shows as 'Factory Reset Unavailable'. */
export const factoryResetEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/factory-reset/status',
    tag: 'factory-reset',
    access: 'root',
    permission: 'data:write',
    response: FactoryResetStatus,
  }),
  preview: endpoint({
    method: 'GET',
    path: '/factory-reset/preview',
    tag: 'factory-reset',
    access: 'root',
    permission: 'data:write',
    response: FactoryResetPreview,
  }),
  execute: endpoint({
    method: 'POST',
    path: '/factory-reset/execute',
    tag: 'factory-reset',
    access: 'root',
    permission: 'data:write',
    body: FactoryResetRequest,
    response: SuccessMessage,
  }),
};
