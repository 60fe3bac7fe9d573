import { SECURITY_EVENT_STATUS_FILTERS } from '@switchboard/contract/security';
import { SECURITY_EVENT_TYPES, SEVERITIES } from '@switchboard/contract/security-events';
import { z } from 'zod';

export const SECURITY_TABS = ['overview', 'events', 'blocked', 'settings'] as const;
export type SecurityTab = (typeof SECURITY_TABS)[number];

const optionalText = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => (v ? v : undefined));

/** The screen's URL: the open tab, the page of its list, and the events' filters. */
export const SecurityUrlQuery = z.object({
  tab: z.enum(SECURITY_TABS).default('overview'),
  page: z.coerce.number().int().min(1).default(1),
  type: z.enum(['all', ...SECURITY_EVENT_TYPES]).default('all'),
  severity: z.enum(['all', ...SEVERITIES]).default('all'),
  status: z.enum(SECURITY_EVENT_STATUS_FILTERS).default('all'),
  ip: optionalText,
  /** ISO instants, as the API takes them. */
  start: optionalText,
  end: optionalText,
});
export type SecurityUrlQuery = z.infer<typeof SecurityUrlQuery>;
export type EventFilters = Pick<SecurityUrlQuery, 'type' | 'severity' | 'status' | 'ip' | 'start' | 'end'>;

/** Expiry choices for a block: never, or this long from now. */
export const BLOCK_EXPIRY_OPTIONS = ['never', '1h', '24h', '7d', '30d'] as const;
export type BlockExpiry = (typeof BLOCK_EXPIRY_OPTIONS)[number];
export const BLOCK_EXPIRY_LABELS: Record<BlockExpiry, string> = {
  never: 'Never',
  '1h': '1 hour',
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
};
const EXPIRY_MS: Record<Exclude<BlockExpiry, 'never'>, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};
export const expiresAtFor = (choice: BlockExpiry, now = Date.now()) =>
  choice === 'never' ? undefined : new Date(now + EXPIRY_MS[choice]).toISOString();
