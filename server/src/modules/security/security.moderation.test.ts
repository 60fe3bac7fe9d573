import type { BlockedIpsPage, SecurityEventsPage } from '@switchboard/contract/security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../../db/schema/security.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { BLOCK_DECISION_TTL_MS } from './blocked-ip-guard.ts';

const ADMIN_IP = '198.51.100.10';
const HOUR = 3_600_000;

/** Issue #29: security events narrow by type, severity, status, date and IP; a block may lapse by itself. */
describe('security moderation: event filters and blocks that expire', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const api = (method: 'GET' | 'POST', url: string, payload?: object, ip = ADMIN_IP) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: auth,
      remoteAddress: ip,
      ...(payload ? { payload } : {}),
    });
  const events = async (query: string) => {
    const res = await api('GET', `/security/events?${query}`);
    expect(res.statusCode, query).toBe(200);
    return (res.json() as { data: SecurityEventsPage }).data;
  };
  const descriptions = async (query: string) => (await events(query)).events.map((e) => e.description);

  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader(await insertUser(t.db, { username: 'mod', isRootAdmin: true }));
    const now = Date.now();
    const event = (
      description: string,
      eventType: 'login_failed' | 'rate_limit_exceeded' | 'unauthorized_access',
      severity: 'low' | 'high' | 'critical',
      ipAddress: string,
      hoursAgo: number,
      resolved = false,
    ) => ({
      description,
      eventType,
      severity,
      ipAddress,
      resolved,
      createdAt: new Date(now - hoursAgo * HOUR),
      lastSeenAt: new Date(now - hoursAgo * HOUR),
    });
    await t.db
      .insert(securityEvents)
      .values([
        event('a', 'login_failed', 'low', '192.0.2.1', 1),
        event('b', 'login_failed', 'high', '192.0.2.2', 30, true),
        event('c', 'rate_limit_exceeded', 'high', '192.0.2.1', 2),
        event('d', 'unauthorized_access', 'critical', '203.0.113.9', 50),
        event('e', 'rate_limit_exceeded', 'low', '2001:db8::5', 5, true),
      ]);
  }, 300_000);
  afterAll(() => t.close());

  it('filters by type, severity, status, date and IP (an address or a range), with totals that match', async () => {
    expect(await descriptions('type=login_failed')).toEqual(['b', 'a']);
    expect(await descriptions('type=rate_limit_exceeded&severity=high')).toEqual(['c']);
    expect(await descriptions('type=rate_limit_exceeded&status=resolved')).toEqual(['e']);
    expect(await descriptions('ip=192.0.2.1')).toEqual(['c', 'a']);
    expect(await descriptions('ip=192.0.2.0/24&status=active')).toEqual(['c', 'a']);
    expect(await descriptions('ip=2001:db8::5')).toEqual(['e']);
    const dayAgo = new Date(Date.now() - 24 * HOUR).toISOString();
    const twoDaysAgo = new Date(Date.now() - 48 * HOUR).toISOString();
    expect(await descriptions(`start=${dayAgo}`)).toEqual(['e', 'c', 'a']);
    expect(await descriptions(`start=${twoDaysAgo}&end=${dayAgo}`)).toEqual(['b']);
    const filtered = await events('type=login_failed&ip=192.0.2.0/24&per_page=1');
    expect(filtered).toMatchObject({ total: 2, total_pages: 2, total_capped: false });
  });

  it('refuses a bad filter with a 400 naming the field and the reason', async () => {
    const cases: [string, string, string][] = [
      ['ip=not-an-ip', 'ip', 'Enter an IPv4 or IPv6 address'],
      ['type=bogus', 'type', 'type must be one of: '],
      ['start=yesterday', 'start', 'Enter a valid date and time'],
      ['start=2026-11-02T00:00:00Z&end=2026-11-01T00:00:00Z', 'end', 'The end must be after the start'],
    ];
    for (const [query, field, reason] of cases) {
      const res = await api('GET', `/security/events?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json() as { errors: { field: string; message: string }[] };
      expect(body.errors[0]?.field, query).toBe(field);
      expect(body.errors[0]?.message, query).toContain(reason);
    }
  });

  it('blocks an address until its expiry, then lets it in and drops it from the list', async () => {
    const target = '192.0.2.77';
    const expiresAt = new Date(Date.now() + 5000).toISOString();
    const sleepUntil = (at: number) =>
      new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
    const blocked = await api('POST', '/security/block-ip', {
      ip: target,
      reason: 'cool off',
      expires_at: expiresAt,
    });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json().data).toMatchObject({ ip_address: target });
    expect(Date.parse(blocked.json().data.expires_at)).toBe(Date.parse(expiresAt));
    await sleepUntil(Date.parse(expiresAt) - 1500);
    expect((await api('GET', '/admin_root_admin/status', undefined, target)).statusCode).toBe(403);
    const list = (await api('GET', '/security/blocked-ips')).json().data as BlockedIpsPage;
    expect(Date.parse(list.blocked_ips.find((b) => b.ip_address === target)?.expires_at ?? '')).toBe(
      Date.parse(expiresAt),
    );
    const cachedAt = Date.now();
    await sleepUntil(Date.parse(expiresAt) + 100);
    // Within the cache's few seconds of the refused request, yet the lapsed block no longer applies.
    expect(Date.now() - cachedAt).toBeLessThan(BLOCK_DECISION_TTL_MS);
    expect((await api('GET', '/admin_root_admin/status', undefined, target)).statusCode).not.toBe(403);
    const after = (await api('GET', '/security/blocked-ips')).json().data as BlockedIpsPage;
    expect(after.blocked_ips.map((b) => b.ip_address)).not.toContain(target);
    // The address may be blocked again at once.
    expect((await api('POST', '/security/block-ip', { ip: target, reason: 'again' })).statusCode).toBe(201);
    expect((await api('GET', '/admin_root_admin/status', undefined, target)).statusCode).toBe(403);
  });

  it('refuses an expiry in the past or unparseable, with the field', async () => {
    for (const [expires_at, reason] of [
      [new Date(Date.now() - 60_000).toISOString(), 'The expiry must be in the future'],
      ['soon', 'Enter a valid date and time'],
    ] as const) {
      const res = await api('POST', '/security/block-ip', { ip: '192.0.2.99', reason: 'x', expires_at });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ field: 'expires_at', message: reason });
    }
  });
});
