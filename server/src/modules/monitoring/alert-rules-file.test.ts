import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const ALERTS = new URL('../../../../deploy/prometheus/alerts.yml', import.meta.url);
const DASHBOARD = new URL('../../../../deploy/grafana/switchboard.json', import.meta.url);

/** The switchboard_* series a file refers to. */
async function namesIn(file: URL): Promise<string[]> {
  return [...new Set((await readFile(file, 'utf8')).match(/\bswitchboard_[a-z0-9_]+/g) ?? [])].sort();
}

// The names do not depend on the database: run once.
describe.skipIf(process.env.SWITCHBOARD_TEST_DB === 'postgres')('deploy/ files against /metrics', () => {
  let t: TestApp;
  let exported: Set<string>;
  beforeAll(async () => {
    t = await createTestApp();
    // The Redis series exist only with REDIS_URL; the rules alert on them.
    t.app.monitoring.setRedisLink({ up: () => true, errors: () => 0, dropped: () => 0 });
    // The response-time histogram has series once a request has been answered.
    await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    // Sample lines are `name{labels} value` or `name value`; histograms add _bucket, _sum and _count.
    exported = new Set(
      res.body
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => line.split(/[{ ]/)[0] as string),
    );
  });
  afterAll(() => t?.close());

  it('alerts.yml names only series the server exports', async () => {
    const named = await namesIn(ALERTS);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !exported.has(name))).toEqual([]);
  });

  it('the Grafana dashboard charts only series the server exports', async () => {
    const named = await namesIn(DASHBOARD);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !exported.has(name))).toEqual([]);
  });
});
