import { z } from 'zod';

export const SECURITY_TABS = ['overview', 'events', 'blocked', 'settings'] as const;
export type SecurityTab = (typeof SECURITY_TABS)[number];

/** The screen's URL: the open tab and the page of its list. */
export const SecurityUrlQuery = z.object({
  tab: z.enum(SECURITY_TABS).default('overview'),
  page: z.coerce.number().int().min(1).default(1),
});
