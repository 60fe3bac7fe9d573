import { SETTINGS_DEFAULTS } from '@switchboard/contract/settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { settings } from '../../db/schema/system.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { readAllSettings, readSettingsSection } from './settings.repository.ts';

describe('settings repository', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(settings);
  });

  it('gives the spec defaults when nothing is stored', async () => {
    expect(await readSettingsSection(database.db, 'security')).toMatchObject({
      session_timeout: 30,
      max_login_attempts: 5,
      password_min_length: 8,
    });
    expect(await readAllSettings(database.db)).toEqual(SETTINGS_DEFAULTS);
  });

  it('lays stored values over the defaults, keeping a default wherever the stored value is invalid', async () => {
    await database.db.insert(settings).values({
      key: 'api',
      value: {
        rate_limit_requests: 250,
        rate_limit_window: 'soon',
        cors_origins: ['https://a.example'],
        stale: 1,
      },
    });
    expect(await readSettingsSection(database.db, 'api')).toEqual({
      ...SETTINGS_DEFAULTS.api,
      rate_limit_requests: 250,
      cors_origins: ['https://a.example'],
    });
  });
});
