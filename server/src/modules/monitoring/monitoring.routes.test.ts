import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../testing/test-app.ts';
import { systemHealth } from './health-rule.ts';
import { HTTP_WINDOW_MS } from './http-stats.ts';

describe('monitoring', () => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await insertUser(t.db, { username: 'watcher', isAdmin: true });
    headers = await t.authHeader(admin);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

  it('reports measured health with this instance in the cluster', async () => {
    const res = await get('/api/v1/health/detailed');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.status).toMatch(/healthy|warning|critical/);
    expect(data.memory_usage).toBeGreaterThan(0);
    expect(data.disk_usage).toBeGreaterThan(0);
    expect(data.uptime).toBeGreaterThanOrEqual(0);
    expect(data.instances).toHaveLength(1);
    expect(data.instances[0]).toMatchObject({ id: t.app.monitoring.instanceId, stale: false });
  });

  it("reads the instances' rows once per sample for the dashboard's health", async () => {
    const { monitoring } = t.app;
    const first = await monitoring.latestHealth();
    expect(first.instances.map((i) => i.id)).toContain(monitoring.instanceId);
    expect(await monitoring.latestHealth()).toBe(first);
    const sample = await monitoring.tick();
    const next = await monitoring.latestHealth();
    expect(next).not.toBe(first);
    expect(next.timestamp).toBe(sample.timestamp);
  });

  it('answers the monitor data, status and metrics history', async () => {
    const monitor = (await get('/api/v1/monitoring/metrics')).json().data;
    expect(monitor).toMatchObject({ activeCalls: 0, onlineUsers: 0, callQuality: { averageQuality: 0 } });
    expect(monitor.systemMetrics.memoryUsage).toBeGreaterThan(0);
    const status = (await get('/api/v1/monitoring/status')).json().data;
    expect(['healthy', 'warning', 'error']).toContain(status.status);
    // A health request of this test's own, so the route table has a group it measured.
    expect((await get('/api/v1/health/detailed')).statusCode).toBe(200);
    await t.app.monitoring.tick();
    const metrics = (await get('/api/v1/performance/metrics')).json().data;
    expect(metrics.history.length).toBeGreaterThan(0);
    expect(metrics.current.routes.map((r: { group: string }) => r.group)).toContain('health');
  });

  it('refuses the monitoring endpoints without a signed-in admin', async () => {
    for (const url of [
      '/api/v1/health/detailed',
      '/api/v1/monitoring/alerts',
      '/api/v1/performance/metrics',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('raises one error-rate alert while a route fails, and clears it once the failures age out', async () => {
    const events: { rule: string; state: string }[] = [];
    t.app.monitoring.onAlert((e) => events.push(e));
    // The users list reads balances from coin_accounts: without that table it fails with 500.
    await t.db.execute(sql`alter table coin_accounts rename to coin_accounts_gone`);
    for (let i = 0; i < 10; i++) expect((await get('/api/v1/admin/public/users')).statusCode).toBe(500);
    await t.db.execute(sql`alter table coin_accounts_gone rename to coin_accounts`);

    await t.app.monitoring.tick();
    await t.app.monitoring.tick();
    // This machine's own CPU or memory may raise alerts of its own meanwhile; only the error rate matters here.
    const errorAlerts = async (query: string) =>
      (await get(`/api/v1/monitoring/alerts${query}`))
        .json()
        .data.alerts.filter((a: { rule: string }) => a.rule === 'error_rate');
    const open = await errorAlerts('?active=true');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ rule: 'error_rate', severity: 'critical', cleared_at: null });
    expect(open[0].message).toContain('admin');
    expect(events.filter((e) => e.rule === 'error_rate')).toEqual([
      expect.objectContaining({ state: 'raised' }),
    ]);
    expect((await get('/api/v1/health/detailed')).json().data.issues.join(' ')).toContain('High error rate');

    for (let i = 0; i < 10; i++) expect((await get('/api/v1/admin/public/users')).statusCode).toBe(200);
    await t.app.monitoring.tick(Date.now() + HTTP_WINDOW_MS + 1000);
    expect(await errorAlerts('?active=true')).toHaveLength(0);
    const all = await errorAlerts('');
    expect(all[0]).toMatchObject({ rule: 'error_rate', cleared_at: expect.any(String) });
    expect(events.filter((e) => e.rule === 'error_rate').map((e) => e.state)).toEqual(['raised', 'cleared']);
  });
});

describe('system health rule', () => {
  const ok = { cpu_usage: 10, memory_usage: 10, disk_usage: 10, error_rate: 0 };
  it('is healthy with no issue, warning with one or two, critical with more', () => {
    expect(systemHealth(ok).status).toBe('healthy');
    expect(systemHealth({ ...ok, cpu_usage: 81 }).status).toBe('warning');
    expect(systemHealth({ ...ok, cpu_usage: 81, memory_usage: 86 }).status).toBe('warning');
    const bad = systemHealth({ cpu_usage: 81, memory_usage: 86, disk_usage: 91, error_rate: 0.06 });
    expect(bad.status).toBe('critical');
    expect(bad.issues).toHaveLength(4);
    expect(bad.recommendations).toHaveLength(4);
    expect(
      systemHealth({ ...ok, cpu_usage: 80, memory_usage: 85, disk_usage: 90, error_rate: 0.05 }).status,
    ).toBe('healthy');
  });
});
