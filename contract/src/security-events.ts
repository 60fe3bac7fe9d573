/** What a security event records. The database's CHECK on security_events.event_type lists the same values. */
export const SECURITY_EVENT_TYPES = [
  'login_failed',
  'suspicious_activity',
  'rate_limit_exceeded',
  'unauthorized_access',
  'refresh_token_reuse',
  'ip_blocked',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];
