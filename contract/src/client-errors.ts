import { z } from 'zod';

/** Spec §7 "Error reporting": what the crash screen posts. */
export const ClientErrorReport = z.object({
  message: z.string().max(2000),
  stack: z.string().max(20000).optional(),
  componentStack: z.string().max(20000).optional(),
  timestamp: z.string().max(64),
  userAgent: z.string().max(1000),
  url: z.string().max(2000),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;

/** Reports are accepted without signing in (the crash screen wraps the whole app), so they are rate limited per IP. */
export const CLIENT_ERROR_REPORTS_PER_MINUTE = 10;
export const CLIENT_ERROR_MESSAGES = {
  reported: 'Error reported',
  tooMany: 'Too many error reports. Try again later.',
} as const;
