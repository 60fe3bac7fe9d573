import type { Database } from '../db/client.ts';
import { liveSettings } from '../modules/settings/live-settings.ts';

/**
 * After a test writes settings rows itself (a partial or out-of-range section the API would refuse):
 * the running server reloads them at its next read, as it would after a save on another instance.
 */
export async function settingsRowsChanged<T>(db: Database, write: Promise<T>): Promise<T> {
  const result = await write;
  liveSettings(db).forget();
  return result;
}
