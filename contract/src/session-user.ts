import * as z from 'zod/mini';
import { PERMISSIONS } from './permissions.ts';

/**
 * The signed-in admin, as the login and refresh responses carry it and as the web app stores it.
 * Built with zod/mini so the web can check a stored session without the full zod in its first download.
 */
export const SessionUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_root_admin: z.boolean(),
  /** Null for a root administrator, who holds every permission. */
  role: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** What the console offers; the server checks each request itself. */
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type SessionUser = z.infer<typeof SessionUser>;
