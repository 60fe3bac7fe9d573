import { z } from 'zod';
import { envelope, IsoDateTime, limitParam } from './common.ts';

/** The user page's sections (calls, reports, follows, locations, security events, notes), each paged by keyset. */

/** How many rows each section of the page shows at a time. */
export const USER_SECTION_PAGE_SIZE = 10;

/** Every section pages by keyset: `next_cursor` of one page is the `cursor` of the next. */
export const SectionQuery = z.object({
  limit: limitParam(USER_SECTION_PAGE_SIZE, 50),
  cursor: z.string().max(200).optional(),
});
export const sectionOf = <Row extends z.ZodType>(row: Row) =>
  envelope(z.object({ items: z.array(row), next_cursor: z.string().nullable() }));

export const UserCall = z.object({
  id: z.number().int(),
  direction: z.enum(['outgoing', 'incoming']),
  other_party_id: z.string().nullable(),
  other_party_username: z.string().nullable(),
  type: z.string(),
  status: z.string(),
  duration: z.number().int(),
  /** 0 to 5; null without quality samples. */
  quality: z.number().nullable(),
  started_at: IsoDateTime,
});
export type UserCall = z.infer<typeof UserCall>;

export const REPORT_SIDES = ['filed', 'against'] as const;
export const UserReportsQuery = SectionQuery.extend({ side: z.enum(REPORT_SIDES).default('against') });
export const UserReportRow = z.object({
  id: z.number().int(),
  report_type: z.string(),
  reason: z.string(),
  status: z.string(),
  /** The other party: the reported user for a filed report, the reporter for one against. */
  other_party_id: z.string().nullable(),
  other_party_username: z.string().nullable(),
  created_at: IsoDateTime,
});
export type UserReportRow = z.infer<typeof UserReportRow>;

export const FOLLOW_DIRECTIONS = ['followers', 'following'] as const;
export const UserFollowsQuery = SectionQuery.extend({
  direction: z.enum(FOLLOW_DIRECTIONS).default('followers'),
});
export const UserFollowRow = z.object({
  id: z.number().int(),
  user_id: z.string(),
  username: z.string().nullable(),
  since: IsoDateTime,
});
export type UserFollowRow = z.infer<typeof UserFollowRow>;

export const UserLocation = z.object({
  id: z.number().int(),
  city: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  location_type: z.string(),
  created_at: IsoDateTime,
});
export type UserLocation = z.infer<typeof UserLocation>;

export const UserSecurityEvent = z.object({
  id: z.number().int(),
  event_type: z.string(),
  severity: z.string(),
  description: z.string(),
  ip_address: z.string().nullable(),
  occurrences: z.number().int(),
  created_at: IsoDateTime,
});
export type UserSecurityEvent = z.infer<typeof UserSecurityEvent>;

export const AdminNote = z.object({
  id: z.number().int(),
  body: z.string(),
  author_id: z.string().nullable(),
  author_username: z.string(),
  created_at: IsoDateTime,
});
export type AdminNote = z.infer<typeof AdminNote>;
