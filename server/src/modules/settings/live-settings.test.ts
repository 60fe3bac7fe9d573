import { SETTINGS_DEFAULTS } from '@switchboard/contract/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { settings } from '../../db/schema/system.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { liveSettings } from './live-settings.ts';

describe('the live settings', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('are one copy per database, read by section', async () => {
    const live = liveSettings(database.db);
    expect(liveSettings(database.db)).toBe(live);
    expect(await live.section('security')).toEqual(SETTINGS_DEFAULTS.security);
  });

  it('take a save on this instance at once, and tell the listeners that announce it', async () => {
    const live = liveSettings(database.db);
    const saved: number[] = [];
    const off = live.onSaved(() => saved.push(1));
    const next = {
      ...(await live.get()),
      calling: { ...SETTINGS_DEFAULTS.calling, voice_coins_per_minute: 7 },
    };
    live.replace(next);
    off();
    expect((await live.section('calling')).voice_coins_per_minute).toBe(7);
    expect(saved).toEqual([1]);
    live.replace(structuredClone(SETTINGS_DEFAULTS));
  });

  it('keep a copy between reads, and reload stored rows once told another writer changed them', async () => {
    const live = liveSettings(database.db);
    await live.get();
    await database.db.insert(settings).values({ key: 'security', value: { max_login_attempts: 3 } });
    expect((await live.section('security')).max_login_attempts).toBe(5);
    live.forget();
    expect((await live.section('security')).max_login_attempts).toBe(3);
    await database.db.delete(settings);
    live.forget();
  });

  it('reload through the transaction they are read in, so a reload never waits for the transaction', async () => {
    const live = liveSettings(database.db);
    await database.db.insert(settings).values({ key: 'root_admin', value: { max_root_admins: 4 } });
    live.forget();
    const seen = await database.db.transaction((tx) => live.section('root_admin', tx));
    expect(seen.max_root_admins).toBe(4);
    await database.db.delete(settings);
    live.forget();
  });
});
