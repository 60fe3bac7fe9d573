import { SETTINGS_MESSAGES } from '@switchboard/contract/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsRowsChanged } from '../../testing/stored-settings.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { readSettingsSection, writeSettingsSection } from '../settings/settings.repository.ts';

const BUDGET = 10;

/** Attack review #46, finding 11: 750 of 750 requests to unmatched /api/v1 paths got 404, never 429. */
describe('paths under the API that no route matches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const api = await readSettingsSection(t.db, 'api');
    await settingsRowsChanged(
      t.db,
      writeSettingsSection(
        t.db,
        'api',
        { ...api, rate_limit_enabled: true, rate_limit_requests: BUDGET, rate_limit_window: 60 },
        'test',
      ),
    );
  });
  afterAll(() => t.close());

  it('count against the anonymous budget of the address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET + 5; i += 1) {
      const res = await t.app.inject({
        method: i % 2 ? 'POST' : 'GET',
        url: `/api/v1/no-such-route-${i}?probe=${i}`,
        remoteAddress: '192.0.2.9',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toBe(SETTINGS_MESSAGES.rateLimited);
    }
    expect(statuses.slice(0, BUDGET).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(BUDGET)).toEqual([429, 429, 429, 429, 429]);
    // Another address has its own budget.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v1/no-such-route',
      remoteAddress: '192.0.2.10',
    });
    expect(other.statusCode).toBe(404);
  });
});
