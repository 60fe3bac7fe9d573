import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { isLoopback } from './prometheus.routes.ts';

const TOKEN = 'scraper-token-0123456789';
const scrape = (t: TestApp, remoteAddress: string, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress,
    headers: authorization ? { authorization } : {},
  });

describe('Prometheus /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the text format to loopback clients', async () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await scrape(t, ip);
      expect(res.statusCode, ip).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toContain('# TYPE switchboard_http_request_duration_seconds histogram');
      expect(res.body).toContain('switchboard_process_cpu_seconds_total');
    }
  });

  it('refuses every other client, token or not', async () => {
    for (const ip of ['10.0.0.7', '192.168.1.20', '2001:db8::5']) {
      const res = await scrape(t, ip, `Bearer ${TOKEN}`);
      expect(res.statusCode, ip).toBe(403);
      expect(res.body).not.toContain('switchboard_');
    }
  });
});

describe('Prometheus /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN });
  });
  afterAll(() => t.close());

  it('serves a remote scraper that presents the token', async () => {
    const res = await scrape(t, '10.0.0.7', `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('switchboard_system_cpu_percent');
  });

  it('answers 401 to a remote client without the right token', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
      const res = await scrape(t, '10.0.0.7', authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
      expect(res.body).not.toContain('switchboard_');
    }
  });

  it('still serves loopback without a token', async () => {
    expect((await scrape(t, '127.0.0.1')).statusCode).toBe(200);
  });
});

describe('isLoopback', () => {
  it('knows 127.0.0.0/8 and ::1 only', () => {
    expect(['127.0.0.1', '127.9.8.7', '::1', '::ffff:127.0.0.1'].map(isLoopback)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['10.0.0.1', '::2', '128.0.0.1', '::ffff:10.0.0.1', '1127.0.0.1'].map(isLoopback)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
