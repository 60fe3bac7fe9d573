import { describe, expect, it } from 'vitest';
import { HTTP_WINDOW_MS, HttpStats } from './http-stats.ts';

describe('HTTP stats window', () => {
  it('gives nearest-rank percentiles and the 5xx share, overall and per group, over the last minute only', () => {
    const stats = new HttpStats();
    const now = 1_000_000;
    stats.record('admin', 999, 500, now - HTTP_WINDOW_MS - 1); // expired
    for (let ms = 1; ms <= 100; ms++)
      stats.record(ms % 2 ? 'admin' : 'auth', ms, ms <= 5 ? 503 : 200, now - 100 + ms);
    stats.record('admin', 5, 200, now + 1); // after the window's end
    const { all, groups } = stats.summarise(now);
    expect(all).toEqual({ requests: 100, p50: 50, p95: 95, p99: 99, errorRate: 0.05 });
    expect(groups.get('admin')).toMatchObject({ requests: 50, p50: 49, p99: 99, errorRate: 0.06 });
    expect(groups.get('auth')).toMatchObject({ requests: 50, p50: 50, p99: 100, errorRate: 0.04 });
    expect(stats.summarise(now + HTTP_WINDOW_MS).all.requests).toBe(1);
  });
});
