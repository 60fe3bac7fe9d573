import * as z from 'zod/mini';

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
});
export type SessionUser = z.infer<typeof SessionUser>;
