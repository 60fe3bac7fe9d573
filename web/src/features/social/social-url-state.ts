import { FRIEND_STATUS_FILTERS, LIKE_TARGET_FILTERS, SOCIAL_USER_TYPES } from '@switchboard/contract/social';
import { z } from 'zod';

export const SOCIAL_TABS = ['overview', 'users', 'likes', 'friends', 'follows'] as const;
export type SocialTab = (typeof SOCIAL_TABS)[number];

/** The screen's URL: the open tab, its page and each tab's filter. */
export const SocialUrlQuery = z.object({
  tab: z.enum(SOCIAL_TABS).default('overview'),
  page: z.coerce.number().int().min(1).default(1),
  query: z.string().trim().max(100).default(''),
  user_type: z.enum(SOCIAL_USER_TYPES).default('all'),
  target_type: z.enum(LIKE_TARGET_FILTERS).default('all'),
  status: z.enum(FRIEND_STATUS_FILTERS).default('all'),
});
export type SocialUrlQuery = z.infer<typeof SocialUrlQuery>;
