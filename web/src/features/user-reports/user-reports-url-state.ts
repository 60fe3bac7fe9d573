import { z } from 'zod';

export const USER_REPORT_TABS = ['overview', 'all', 'pending'] as const;
export type UserReportTab = (typeof USER_REPORT_TABS)[number];

/** The screen's URL: the open tab and the page of its list. */
export const UserReportsUrlQuery = z.object({
  tab: z.enum(USER_REPORT_TABS).default('overview'),
  page: z.coerce.number().int().min(1).default(1),
});
