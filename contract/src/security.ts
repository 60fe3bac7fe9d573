import { z } from 'zod';
import {
  envelope,
  IsoDateTime,
  optionalDateTime,
  perPageFields,
  perPageQuery,
  SuccessMessage,
  timeRangeQuery,
  totalCapped,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { SECURITY_EVENT_TYPES, SEVERITIES } from './security-events.ts';

export const SECURITY_PAGE_SIZE = 20;

/** Error texts the Security screen shows when the server gives none. */
export const SECURITY_MESSAGES = {
  fetchFailed: 'Failed to fetch security data',
  resolveFailed: 'Failed to resolve event',
  unblockFailed: 'Failed to unblock IP',
  blockFailed: 'Failed to block IP',
  eventNotFound: 'Security event not found',
  alreadyResolved: 'Security event is already resolved',
  notResolved: 'Only a resolved security event can be reopened',
  reopened: 'Event reopened',
  reopenFailed: 'Failed to reopen event',
  ipRequired: 'IP address is required',
  reasonRequired: 'Reason is required',
  invalidIp: 'Enter an IPv4 or IPv6 address, or a CIDR range such as 203.0.113.0/24',
  ownAddress: 'You cannot block the address you are connected from',
  coversRootAdmin:
    'This covers the address a signed-in root administrator last used; blocking it would lock them out',
  tooWide: 'Blocking a range wider than /16 (IPv4) or /32 (IPv6) needs the settings:security permission',
  alreadyBlocked: 'This address is already blocked',
  notBlocked: 'This address is not blocked',
  blocked: 'IP address blocked',
  unblocked: 'IP address unblocked',
  resolved: 'Event resolved',
  refused: 'Access from your address has been blocked',
  settingsSaved: 'Security settings saved',
  expiryInPast: 'The expiry must be in the future',
  rangeBackwards: 'The end must be after the start',
} as const;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9A-Fa-f:.]{2,45}$/;

/** IPv4, IPv6 or a CIDR range of either; the server checks it again when PostgreSQL parses it. */
export function isIpOrCidr(text: string): boolean {
  const [address, prefix, extra] = text.split('/');
  if (extra !== undefined || !address) return false;
  const v4 = IPV4.test(address);
  const v6 = !v4 && address.includes(':') && IPV6.test(address) && (address.match(/::/g)?.length ?? 0) <= 1;
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

export const IpOrCidr = z
  .string({ error: SECURITY_MESSAGES.ipRequired })
  .trim()
  .min(1, SECURITY_MESSAGES.ipRequired)
  .max(64)
  .refine(isIpOrCidr, SECURITY_MESSAGES.invalidIp);

export const SecurityEvent = z.object({
  id: z.number().int(),
  event_type: z.enum(SECURITY_EVENT_TYPES),
  severity: z.enum(SEVERITIES),
  description: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  username: z.string().nullable(),
  timestamp: IsoDateTime,
  last_seen_at: IsoDateTime,
  /** How many times it happened from that address within the fold window. */
  occurrences: z.number().int(),
  resolved: z.boolean(),
});
export type SecurityEvent = z.infer<typeof SecurityEvent>;

export const SECURITY_EVENT_STATUS_FILTERS = ['all', 'active', 'resolved'] as const;

/** A time filter's end must come after its start (either may be absent). */
export function checkTimeRange(
  value: { start?: string | undefined; end?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.start && value.end && Date.parse(value.end) <= Date.parse(value.start))
    ctx.addIssue({ code: 'custom', path: ['end'], message: SECURITY_MESSAGES.rangeBackwards });
}

export const ListSecurityEventsQuery = z
  .object({
    ...perPageQuery(SECURITY_PAGE_SIZE),
    status: z.enum(SECURITY_EVENT_STATUS_FILTERS).default('all'),
    severity: z.enum(SEVERITIES).optional(),
    type: z.enum(SECURITY_EVENT_TYPES).optional(),
    /** An address, or a CIDR range whose addresses to show (`203.0.113.0/24`). */
    ip: z
      .string()
      .trim()
      .max(64)
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || isIpOrCidr(v), SECURITY_MESSAGES.invalidIp),
    /** When the event was first recorded: from `start` (inclusive) to `end` (exclusive). */
    ...timeRangeQuery,
  })
  .superRefine(checkTimeRange);
export type ListSecurityEventsQuery = z.infer<typeof ListSecurityEventsQuery>;

export const SecurityEventsPage = z.object({
  events: z.array(SecurityEvent),
  ...perPageFields,
  total_capped: totalCapped,
});
export type SecurityEventsPage = z.infer<typeof SecurityEventsPage>;

export const SecurityStats = z.object({
  total_events: z.number().int(),
  critical_events: z.number().int(),
  high_events: z.number().int(),
  medium_events: z.number().int(),
  low_events: z.number().int(),
  active_events: z.number().int(),
  blocked_ips: z.number().int(),
  last_24h_events: z.number().int(),
});
export type SecurityStats = z.infer<typeof SecurityStats>;

export const BlockedIp = z.object({
  ip_address: z.string(),
  reason: z.string(),
  blocked_at: IsoDateTime,
  blocked_by: z.string().nullable(),
  /** When the block lapses by itself; null blocks until unblocked. */
  expires_at: IsoDateTime.nullable(),
});
export type BlockedIp = z.infer<typeof BlockedIp>;

/** Addresses are blocked one at a time by hand: few enough rows that OFFSET paging stays cheap. */
export const BlockedIpsQuery = z.object(perPageQuery(SECURITY_PAGE_SIZE)).omit({ cursor: true });
export type BlockedIpsQuery = z.infer<typeof BlockedIpsQuery>;

export const BlockedIpsPage = z
  .object({ blocked_ips: z.array(BlockedIp), ...perPageFields })
  .omit({ next_cursor: true });
export type BlockedIpsPage = z.infer<typeof BlockedIpsPage>;

export const BlockIpRequest = z.object({
  ip: IpOrCidr,
  reason: z
    .string({ error: SECURITY_MESSAGES.reasonRequired })
    .trim()
    .min(1, SECURITY_MESSAGES.reasonRequired)
    .max(500),
  /** Optional: the block stops applying at this instant (ISO 8601, in the future). */
  expires_at: optionalDateTime.refine(
    (v) => v === undefined || Date.parse(v) > Date.now(),
    SECURITY_MESSAGES.expiryInPast,
  ),
});
export type BlockIpRequest = z.infer<typeof BlockIpRequest>;

export const UnblockIpRequest = z.object({ ip: IpOrCidr });

/** Stored with the system settings as the `security_policies` section. */
export const SecurityPolicies = z.object({
  /** Threat detection: repeats of one event type from one address within this many seconds fold into one event. */
  event_fold_window_seconds: z.number().int().min(10).max(86_400),
  /** Threat detection: an address is flagged 'critical' once a folded event reaches this many occurrences. */
  critical_occurrence_threshold: z.number().int().min(2).max(1_000_000),
  /** Rate limits: requests per minute each signed-in admin may make (the API settings' limit is for everyone else). */
  admin_requests_per_minute: z.number().int().min(10).max(1_000_000),
  /** Rate limits: sign-in attempts per minute from one address (an IPv6 /64 counts as one). */
  login_attempts_per_minute: z.number().int().min(1).max(1000),
  /** Security policies: record refused admin requests (401/403) as unauthorized_access events. */
  record_unauthorized_access: z.boolean(),
  /** Security policies: system logs older than this many days are pruned. */
  log_retention_days: z.number().int().min(1).max(3650),
});
export type SecurityPolicies = z.infer<typeof SecurityPolicies>;

export const SECURITY_POLICIES_DEFAULTS: SecurityPolicies = {
  event_fold_window_seconds: 300,
  critical_occurrence_threshold: 100,
  admin_requests_per_minute: 600,
  login_attempts_per_minute: 20,
  record_unauthorized_access: true,
  log_retention_days: 30,
};

const Id = z.object({ id: z.coerce.number().int().min(1) });

export const securityEndpoints = {
  events: endpoint({
    method: 'GET',
    path: '/security/events',
    tag: 'security',
    access: 'admin',
    permission: 'safety:read',
    query: ListSecurityEventsQuery,
    response: envelope(SecurityEventsPage),
  }),
  stats: endpoint({
    method: 'GET',
    path: '/security/stats',
    tag: 'security',
    access: 'admin',
    permission: 'safety:read',
    response: envelope(SecurityStats),
  }),
  resolve: endpoint({
    method: 'PUT',
    path: '/security/events/:id',
    tag: 'security',
    access: 'admin',
    permission: 'safety:write',
    params: Id,
    body: z.object({ resolved: z.literal(true) }),
    response: envelope(SecurityEvent),
  }),
  /** A resolved event back to active (the console's Undo after a resolve); audited as security_event.reopen. */
  reopen: endpoint({
    method: 'POST',
    path: '/security/events/:id/reopen',
    tag: 'security',
    access: 'admin',
    permission: 'safety:write',
    params: Id,
    response: envelope(SecurityEvent),
  }),
  blockedIps: endpoint({
    method: 'GET',
    path: '/security/blocked-ips',
    tag: 'security',
    access: 'admin',
    permission: 'safety:read',
    query: BlockedIpsQuery,
    response: envelope(BlockedIpsPage),
  }),
  block: endpoint({
    method: 'POST',
    path: '/security/block-ip',
    tag: 'security',
    access: 'admin',
    permission: 'safety:write',
    body: BlockIpRequest,
    status: 201,
    response: envelope(BlockedIp),
  }),
  unblock: endpoint({
    method: 'DELETE',
    path: '/security/ip-blacklist/:ip',
    tag: 'security',
    access: 'admin',
    permission: 'safety:write',
    params: UnblockIpRequest,
    response: SuccessMessage,
  }),
  unblockByBody: endpoint({
    method: 'POST',
    path: '/security/unblock-ip',
    tag: 'security',
    access: 'admin',
    permission: 'safety:write',
    body: UnblockIpRequest,
    response: SuccessMessage,
  }),
  policies: endpoint({
    method: 'GET',
    path: '/security/settings',
    tag: 'security',
    access: 'admin',
    permission: 'settings:read',
    response: envelope(SecurityPolicies),
  }),
  savePolicies: endpoint({
    method: 'PUT',
    path: '/security/settings',
    tag: 'security',
    access: 'admin',
    permission: 'settings:security',
    body: SecurityPolicies.partial(),
    response: envelope(SecurityPolicies),
  }),
};
