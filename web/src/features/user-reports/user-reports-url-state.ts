import { REPORT_STATUSES, REPORT_TYPES } from '@switchboard/contract/user-reports';
import { z } from 'zod';

export const USER_REPORT_TABS = ['overview', 'all', 'pending'] as const;
export type UserReportTab = (typeof USER_REPORT_TABS)[number];

const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

/** The screen's URL: the open tab, the page of its list, and the list's filters. */
export const UserReportsUrlQuery = z.object({
  tab: z.enum(USER_REPORT_TABS).default('overview'),
  page: z.coerce.number().int().min(1).default(1),
  search: optionalText,
  type: z.enum(['all', ...REPORT_TYPES]).default('all'),
  status: z.enum(['all', ...REPORT_STATUSES]).default('all'),
  /** ISO instants, as the API takes them. */
  start: optionalText,
  end: optionalText,
});
export type UserReportsUrlQuery = z.infer<typeof UserReportsUrlQuery>;
export type ReportFilters = Pick<UserReportsUrlQuery, 'search' | 'type' | 'status' | 'start' | 'end'>;
