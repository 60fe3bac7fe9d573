import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { isLoopback } from './prometheus.routes.ts';

const TOKEN = 'scraper-token-0123456789';

describe('Prometheus /metrics', () => {
  // One server without METRICS_TOKEN (loopback only), one with it.
  let loopbackOnly: TestApp;
  let withToken: TestApp;
  beforeAll(async () => {
    [loopbackOnly, withToken] = await Promise.all([createTestApp(), createTestApp({ metricsToken: TOKEN })]);
  });
  afterAll(() => Promise.all([loopbackOnly?.close(), withToken?.close()]));

  const scrape = (t: TestApp, remoteAddress: string, authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress,
      headers: authorization ? { authorization } : {},
    });

  it('serves the text format to loopback clients, with or without a token configured', async () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await scrape(loopbackOnly, ip);
      expect(res.statusCode, ip).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toContain('# TYPE switchboard_http_request_duration_seconds histogram');
      expect(res.body).toContain('switchboard_process_cpu_seconds_total');
    }
    expect((await scrape(withToken, '127.0.0.1')).statusCode).toBe(200);
  });

  it('refuses every other client when no token is configured, token or not', async () => {
    for (const ip of ['10.0.0.7', '192.168.1.20', '2001:db8::5']) {
      const res = await scrape(loopbackOnly, ip, `Bearer ${TOKEN}`);
      expect(res.statusCode, ip).toBe(403);
      expect(res.body).not.toContain('switchboard_');
    }
  });

  it('serves a remote scraper that presents the configured token', async () => {
    const res = await scrape(withToken, '10.0.0.7', `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('switchboard_system_cpu_ratio');
  });

  it('answers 401 to a remote client without the right token', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
      const res = await scrape(withToken, '10.0.0.7', authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
      expect(res.body).not.toContain('switchboard_');
    }
  });

  it('counts 127.0.0.0/8 and ::1 as loopback, nothing else', () => {
    expect(['127.0.0.1', '127.9.8.7', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['10.0.0.1', '::2', '128.0.0.1', '::ffff:10.0.0.1', '1127.0.0.1'].some(isLoopback)).toBe(false);
  });

  it('reports sockets per namespace and whether the database is up, and answers while the database is gone', async () => {
    const gone = await createTestApp({ metricsToken: TOKEN });
    try {
      gone.app.monitoring.setSocketCounts(() => ({ console: 2, app: 50 }));
      await gone.app.monitoring.tick();
      const up = await scrape(gone, '127.0.0.1');
      expect(up.body).toContain('switchboard_socket_connections{namespace="console"} 2');
      expect(up.body).toContain('switchboard_socket_connections{namespace="app"} 50');
      expect(up.body).toContain('switchboard_database_up 1');
      expect(up.body).toContain('switchboard_online_users 0');

      await gone.deps.database.close();
      gone.deps.database.close = async () => {};
      await gone.app.monitoring.tick().catch(() => undefined);
      // The blocked-address guard does not ask the database about a scraper it has not seen before.
      const down = await scrape(gone, '10.0.0.99', `Bearer ${TOKEN}`);
      expect(down.statusCode).toBe(200);
      expect(down.body).toContain('switchboard_database_up 0');
      // prom-client writes NaN as `Nan`, which Prometheus reads as NaN.
      expect(down.body).toContain('switchboard_online_users Nan');
    } finally {
      await gone.close();
    }
  });
});
