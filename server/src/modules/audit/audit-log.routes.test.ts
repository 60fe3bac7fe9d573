import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, securityEvents } from '../../db/schema/security.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';

describe('audit log (Settings → Security Logs)', () => {
  let t: TestApp;
  let alice: AdminPrincipal;
  let bob: AdminPrincipal;
  const as = async (who: AdminPrincipal) => t.authHeader(who);
  const list = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/security-logs?${query}`,
      headers: await as(alice),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { logs: { action: string; actor_username: string }[]; total: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await insertUser(t.db, { username: 'alice', isAdmin: true });
    bob = await insertUser(t.db, { username: 'bob', isAdmin: true });
    const block = async (who: AdminPrincipal, ip: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/security/block-ip',
        headers: await as(who),
        payload: { ip, reason: 'test' },
      });
      expect(res.statusCode).toBe(201);
    };
    await block(alice, '203.0.113.1');
    await block(bob, '203.0.113.2');
    const unblock = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/security/ip-blacklist/203.0.113.2',
      headers: await as(bob),
    });
    expect(unblock.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('filters by actor, action (exact or domain prefix) and time, combined', async () => {
    expect((await list('')).total).toBe(3);
    expect((await list('actor=bob')).logs.map((l) => l.action)).toEqual(['ip.unblock', 'ip.block']);
    expect((await list('actor=bob&action=ip.block')).total).toBe(1);
    expect((await list('action=ip.')).total).toBe(3);
    expect((await list('action=ip')).total).toBe(0);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await list(`start=${encodeURIComponent(future)}`)).total).toBe(0);
    expect((await list(`end=${encodeURIComponent(future)}&actor=alice`)).total).toBe(1);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/admin/security-logs?start=yesterday',
          headers: await as(alice),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('exports the filtered rows as CSV', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/security-logs/export?actor=bob',
      headers: await as(alice),
    });
    const { filename, csv } = res.json().data;
    expect(filename).toMatch(/^security-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,timestamp,actor_username,actor_id,action,severity,target_type,target_id,ip_address,user_agent,before,after',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',bob,');
    expect(lines[1]).toContain(',ip.unblock,high,');
  });

  it('answers the spec’s Security log fields beside who did what to which target', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/security-logs?actor=bob',
      headers: await as(alice),
    });
    const [unblock, block] = res.json().data.logs;
    expect(unblock).toMatchObject({
      event_type: 'ip.unblock',
      description: 'bob did ip.unblock on blocked ip 203.0.113.2',
      severity: 'high',
      ip_address: '127.0.0.1',
      user_agent: 'lightMyRequest',
      actor_username: 'bob',
      action: 'ip.unblock',
      target_type: 'blocked_ip',
    });
    expect(Date.parse(unblock.timestamp)).not.toBeNaN();
    expect(block).toMatchObject({ event_type: 'ip.block', severity: 'medium' });
  });

  it('is append-only: the table refuses UPDATE and DELETE, and no route changes it', async () => {
    await expect(t.db.update(auditLog).set({ action: 'x.y' })).rejects.toThrow();
    await expect(t.db.delete(auditLog)).rejects.toThrow();
    expect((await list('')).total).toBe(3);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/v1/admin/security-logs',
        headers: await as(alice),
      });
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('a rate-limit hit becomes one rate_limit_exceeded event with a count', async () => {
    const ip = '192.0.2.200';
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/errors',
        remoteAddress: ip,
        payload: { message: 'x', timestamp: '2026-11-21T10:00:00.000Z', url: 'http://localhost/' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    // The rate limiter does not wait for the event to be written.
    await vi.waitFor(async () => {
      const events = await t.db
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.eventType, 'rate_limit_exceeded'), eq(securityEvents.ipAddress, ip)));
      expect(events).toHaveLength(1);
      expect(events[0]?.occurrences).toBe(3);
    });
  });

  it('names a user the action was about by username beside the id; other targets have none', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: await as(alice),
      payload: { username: 'carol', email: 'carol@example.test', password: 'Passw0rd!x' },
    });
    expect(created.statusCode).toBe(201);
    const { logs } = (await list('action=user.create')) as unknown as {
      logs: { target_type: string; target_id: string; target_username: string | null }[];
    };
    expect(logs[0]).toMatchObject({
      target_type: 'user',
      target_id: created.json().data.id,
      target_username: 'carol',
      description: 'alice did user.create on user carol',
    });
    const ips = (await list('action=ip.')) as unknown as { logs: { target_username: string | null }[] };
    expect(ips.logs.every((l) => l.target_username === null)).toBe(true);
  });
});
