import { SECURITY_MESSAGES } from '@switchboard/contract/security';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, securityEvents } from '../../db/schema/security.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

const ADMIN_IP = '198.51.100.10';
const PASSWORD = 'Correct-horse-1';

describe('security events and blocked addresses', () => {
  let t: TestApp;
  let admin: AdminPrincipal;
  let auth: { authorization: string };
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, ip = ADMIN_IP) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: auth,
      remoteAddress: ip,
      ...(payload ? { payload } : {}),
    });
  const auditCount = async (action: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.action, action))).length;
  const eventsOf = (type: 'login_failed' | 'suspicious_activity' | 'unauthorized_access', ip: string) =>
    t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.eventType, type), eq(securityEvents.ipAddress, ip)));

  beforeAll(async () => {
    t = await createTestApp();
    // Root: the security policies need settings:security, which no built-in template but root's holds.
    admin = await insertUser(t.db, { username: 'sec-admin', password: PASSWORD, isRootAdmin: true });
    auth = await t.authHeader(admin);
  });
  afterAll(() => t.close());

  it('five bad sign-ins make one folded login_failed event, a 429, and show in the list and stats', async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'sec-admin', password: 'Wrong-password-1' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'sec-admin', password: PASSWORD },
      remoteAddress: ip,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);

    const failed = await eventsOf('login_failed', ip);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.occurrences).toBe(5);

    const list = (await api('GET', '/security/events')).json().data;
    const types = list.events
      .filter((e: { ip_address: string }) => e.ip_address === ip)
      .map((e: { event_type: string }) => e.event_type);
    expect(types.sort()).toEqual(['login_failed', 'rate_limit_exceeded']);
    const stats = (await api('GET', '/security/stats')).json().data;
    expect(stats.total_events).toBe(list.total);
    expect(stats.last_24h_events).toBeGreaterThanOrEqual(2);
  });

  it('resolves an active event once, audited once; a second resolve is a 409', async () => {
    const ip = '192.0.2.60';
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'sec-admin', password: 'Wrong-password-1' },
      remoteAddress: ip,
    });
    expect(failed.statusCode).toBe(401);
    const [event] = await eventsOf('login_failed', ip);
    if (!event) throw new Error('no event');
    const before = await auditCount('security_event.resolve');
    const res = await api('PUT', `/security/events/${event.id}`, { resolved: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.resolved).toBe(true);
    expect(await auditCount('security_event.resolve')).toBe(before + 1);
    expect((await api('PUT', `/security/events/${event.id}`, { resolved: true })).statusCode).toBe(409);
    expect(await auditCount('security_event.resolve')).toBe(before + 1);
    expect((await api('PUT', '/security/events/999999', { resolved: true })).statusCode).toBe(404);

    // Undo: reopened on the server, audited; it can be resolved again, and an active event is not reopened.
    const reopened = await api('POST', `/security/events/${event.id}/reopen`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data.resolved).toBe(false);
    expect(await auditCount('security_event.reopen')).toBeGreaterThanOrEqual(1);
    expect((await api('POST', `/security/events/${event.id}/reopen`)).statusCode).toBe(409);
    expect((await api('PUT', `/security/events/${event.id}`, { resolved: true })).statusCode).toBe(200);
    expect((await api('POST', '/security/events/999999/reopen')).statusCode).toBe(404);
  });

  it('blocking makes the next request from that address a 403 with an event; unblocking restores it', async () => {
    const target = '203.0.113.77';
    const blocks = await auditCount('ip.block');
    const unblocks = await auditCount('ip.unblock');
    expect((await api('GET', '/admin_root_admin/status', undefined, target)).statusCode).toBe(200);

    const blocked = await api('POST', '/security/block-ip', { ip: target, reason: 'e2e abuse' });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json().data).toMatchObject({
      ip_address: target,
      reason: 'e2e abuse',
      blocked_by: 'sec-admin',
    });
    expect(await auditCount('ip.block')).toBe(blocks + 1);

    const refused = await api('GET', '/admin_root_admin/status', undefined, target);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: SECURITY_MESSAGES.refused });
    // Even a signed-in admin's request, and a sign-in attempt, from there.
    expect((await api('GET', '/security/stats', undefined, target)).statusCode).toBe(403);
    const events = await eventsOf('suspicious_activity', target);
    expect(events).toHaveLength(1);
    expect(events[0]?.occurrences).toBe(2);

    const list = (await api('GET', '/security/blocked-ips')).json().data;
    expect(list.blocked_ips.map((b: { ip_address: string }) => b.ip_address)).toContain(target);
    expect((await api('GET', '/security/stats')).json().data.blocked_ips).toBe(list.total);

    expect((await api('POST', '/security/block-ip', { ip: target, reason: 'again' })).statusCode).toBe(409);
    expect(await auditCount('ip.block')).toBe(blocks + 1);

    const unblocked = await api('DELETE', `/security/ip-blacklist/${encodeURIComponent(target)}`);
    expect(unblocked.statusCode).toBe(200);
    expect(await auditCount('ip.unblock')).toBe(unblocks + 1);
    expect((await api('GET', '/admin_root_admin/status', undefined, target)).statusCode).toBe(200);
    expect((await api('DELETE', `/security/ip-blacklist/${encodeURIComponent(target)}`)).statusCode).toBe(
      404,
    );
  });

  it('blocks a CIDR range (IPv4 and IPv6) and unblocks it through /security/unblock-ip', async () => {
    expect(
      (await api('POST', '/security/block-ip', { ip: '203.0.113.128/25', reason: 'range' })).statusCode,
    ).toBe(201);
    expect((await api('GET', '/admin_root_admin/status', undefined, '203.0.113.200')).statusCode).toBe(403);
    // Health probes still answer from a blocked address: a load balancer must see the instance alive.
    expect((await api('GET', '/health/simple', undefined, '203.0.113.200')).statusCode).toBe(200);
    expect((await api('GET', '/admin_root_admin/status', undefined, '203.0.113.5')).statusCode).toBe(200);
    expect((await api('POST', '/security/unblock-ip', { ip: '203.0.113.128/25' })).statusCode).toBe(200);
    expect((await api('GET', '/admin_root_admin/status', undefined, '203.0.113.200')).statusCode).toBe(200);

    expect((await api('POST', '/security/block-ip', { ip: '2001:db8::/32', reason: 'v6' })).statusCode).toBe(
      201,
    );
    expect((await api('GET', '/admin_root_admin/status', undefined, '2001:db8::1')).statusCode).toBe(403);
    expect(
      (await api('DELETE', `/security/ip-blacklist/${encodeURIComponent('2001:db8::/32')}`)).statusCode,
    ).toBe(200);
  });

  it('refuses malformed addresses, an empty reason, and the admin’s own address, writing nothing', async () => {
    const before = await auditCount('ip.block');
    for (const ip of ['not-an-ip', '300.1.1.1', '10.0.0.1/33', '', '1.2.3.4/8/1']) {
      const res = await api('POST', '/security/block-ip', { ip, reason: 'x' });
      expect(res.statusCode, ip).toBe(400);
    }
    expect((await api('POST', '/security/block-ip', { ip: '203.0.113.9', reason: '   ' })).statusCode).toBe(
      400,
    );
    const own = await api('POST', '/security/block-ip', { ip: '198.51.100.0/24', reason: 'oops' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(SECURITY_MESSAGES.ownAddress);
    expect(await auditCount('ip.block')).toBe(before);
    expect((await api('GET', '/health/simple')).statusCode).toBe(200);
  });

  it('records refused admin requests as unauthorized_access, folded per address', async () => {
    const ip = '192.0.2.99';
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/security/events', remoteAddress: ip });
      expect(res.statusCode).toBe(401);
    }
    const events = await eventsOf('unauthorized_access', ip);
    expect(events).toHaveLength(1);
    expect(events[0]?.occurrences).toBe(3);
  });

  it('stores the Settings tab’s policies with the system settings, audited once per save', async () => {
    const initial = (await api('GET', '/security/settings')).json().data;
    expect(initial.log_retention_days).toBe(30);
    const saved = await api('PUT', '/security/settings', {
      log_retention_days: 7,
      admin_requests_per_minute: 300,
    });
    expect(saved.statusCode).toBe(200);
    expect((await api('GET', '/security/settings')).json().data).toMatchObject({
      log_retention_days: 7,
      admin_requests_per_minute: 300,
      event_fold_window_seconds: initial.event_fold_window_seconds,
    });
    expect(await auditCount('settings.update')).toBe(1);
    expect((await api('PUT', '/security/settings', { log_retention_days: 0 })).statusCode).toBe(400);
    expect(await auditCount('settings.update')).toBe(1);
  });
});
