import { blockedIps, type SECURITY_EVENT_TYPES, SEVERITIES, securityEvents } from '../db/schema/security.ts';
import { Random, Weighted } from '../synthetic/prng.ts';
import { insertInBatches } from './batch-insert.ts';
import type { DemoUsers } from './demo-users.ts';
import { DAY, HOUR, MINUTE } from './rhythm.ts';
import type { StageInput } from './stage.ts';

type EventType = (typeof SECURITY_EVENT_TYPES)[number];
type Severity = (typeof SEVERITIES)[number];

const TYPES = new Weighted<EventType>([
  ['login_failed', 45],
  ['rate_limit_exceeded', 20],
  ['suspicious_activity', 15],
  ['unauthorized_access', 12],
  ['refresh_token_reuse', 4],
  ['ip_blocked', 4],
]);
const SEVERITY_BY_TYPE: Record<EventType, Weighted<Severity>> = {
  login_failed: new Weighted<Severity>([
    ['low', 60],
    ['medium', 35],
    ['high', 5],
  ]),
  rate_limit_exceeded: new Weighted<Severity>([
    ['low', 20],
    ['medium', 70],
    ['high', 10],
  ]),
  suspicious_activity: new Weighted<Severity>([
    ['medium', 40],
    ['high', 45],
    ['critical', 15],
  ]),
  unauthorized_access: new Weighted<Severity>([
    ['high', 60],
    ['critical', 40],
  ]),
  refresh_token_reuse: new Weighted<Severity>([
    ['high', 70],
    ['critical', 30],
  ]),
  ip_blocked: new Weighted<Severity>([
    ['medium', 50],
    ['high', 50],
  ]),
};
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'curl/8.5.0',
  'python-requests/2.32.3',
  'Go-http-client/1.1',
  'sqlmap/1.8.4#stable (https://sqlmap.org)',
];
const PATHS = [
  '/api/v1/auth/login',
  '/api/v1/admin/users',
  '/api/v1/admin/coins/add',
  '/api/v1/admin/settings',
  '/api/v1/admin/database/backup',
];
const GUESSED_NAMES = ['admin', 'root', 'administrator', 'test', 'support'];
const SUSPICIOUS = [
  'Sign-in from a new country minutes after a sign-in elsewhere',
  'Burst of coin transfers from one account',
  'Many accounts created from one IP address',
  'Automated scanning of admin endpoints',
];
const BLOCK_REASONS = [
  'Brute-force login attempts',
  'Credential stuffing',
  'Scraping the API',
  'Scanning admin endpoints',
];

/** Attackers come from the documentation ranges (RFC 5737), so no real address is ever blamed. */
function attackerIps(rng: Random, n: number): string[] {
  const prefixes = ['203.0.113', '198.51.100', '192.0.2'];
  const ips = new Set<string>();
  while (ips.size < n) ips.add(`${rng.pick(prefixes)}.${rng.int(1, 254)}`);
  return [...ips];
}

/** Security events of every type and severity over 30 days, older ones mostly resolved, and a few blocked IPs. */
export async function seedSecurity(input: StageInput, users: DemoUsers): Promise<number> {
  const { now, counts } = input;
  const rng = Random.stream(input.seed, 'security');
  const attackers = attackerIps(rng, 30 + counts.blockedIps);
  const times = Array.from({ length: counts.securityEvents }, () => now - rng.between(MINUTE, 30 * DAY)).sort(
    (a, b) => a - b,
  );
  const rows = times.map((t, i) => {
    const eventType = TYPES.cover(rng, i);
    const severity =
      i < SEVERITIES.length ? (SEVERITIES[i] as Severity) : SEVERITY_BY_TYPE[eventType].pick(rng);
    const ip = rng.pick(attackers.slice(0, 12 + (i % 18)));
    const path = rng.pick(PATHS);
    const realUser = rng.chance(0.6) && users.count > 0 ? rng.below(users.count) : -1;
    const username = realUser >= 0 ? (users.usernames[realUser] as string) : rng.pick(GUESSED_NAMES);
    const description = {
      login_failed: `Failed login for "${username}": ${realUser >= 0 ? 'wrong password' : 'unknown user'}`,
      rate_limit_exceeded: `Rate limit exceeded: ${rng.int(101, 900)} requests in 60 s on ${path}`,
      suspicious_activity: rng.pick(SUSPICIOUS),
      unauthorized_access: `Request without a valid token to ${path}`,
      refresh_token_reuse: 'A used refresh token was presented again; the session was revoked',
      ip_blocked: `Request from blocked IP ${ip} refused`,
    }[eventType];
    const resolved = rng.chance(t < now - 2 * DAY ? 0.7 : 0.2);
    const named = eventType === 'login_failed' || eventType === 'refresh_token_reuse';
    return {
      eventType,
      severity,
      description,
      ipAddress: ip,
      userAgent: rng.pick(USER_AGENTS),
      userId: named && realUser >= 0 ? (users.ids[realUser] as string) : null,
      username: named ? username : null,
      details: {
        path,
        method: eventType === 'login_failed' ? 'POST' : rng.pick(['GET', 'POST', 'DELETE']),
        attempts: rng.int(1, 40),
      },
      resolved,
      resolvedAt: resolved ? new Date(Math.min(now, t + rng.between(10 * MINUTE, 2 * DAY))) : null,
      resolvedBy: resolved ? rng.pick(users.admins).id : null,
      createdAt: new Date(t),
    };
  });
  await insertInBatches(input.tx, securityEvents, rows.length, (i) => rows[i] as (typeof rows)[number], {
    progress: (done) => input.progress(done, rows.length),
  });
  // Besides single IPv4 addresses, one IPv6 address and two whole ranges (documentation prefixes,
  // RFC 5737 and RFC 3849).
  const blockedAddresses = [
    ...attackers.slice(0, counts.blockedIps),
    '2001:db8:1::dead',
    '192.0.2.128/25',
    '2001:db8:bad::/48',
  ];
  const blocked = blockedAddresses.map((ipAddress) => {
    const blockedAt = now - rng.between(HOUR, 20 * DAY);
    return {
      ipAddress,
      reason: rng.pick(BLOCK_REASONS),
      blockedBy: rng.pick(users.admins).username,
      blockedAt: new Date(blockedAt),
      expiresAt: rng.chance(0.5) ? null : new Date(now + rng.between(DAY, 30 * DAY)),
    };
  });
  await insertInBatches(input.tx, blockedIps, blocked.length, (i) => blocked[i] as (typeof blocked)[number]);
  return rows.length + blocked.length;
}
