import type { Settings } from '@switchboard/contract/settings';
import type { Database } from '../../db/client.ts';
import { readAllSettings } from './settings.repository.ts';

/** Other instances' saves are picked up within this long; this instance's own saves at once. */
const RELOAD_AFTER_MS = 2000;

/**
 * The settings the running server obeys (maintenance, rate limit, CORS, log level, backups).
 * Hooks read them per request without a query: they are reloaded at most every two seconds,
 * and replaced immediately when this instance saves them.
 */
export interface LiveSettings {
  get(): Promise<Settings>;
  /** After a save on this instance. */
  replace(next: Settings): void;
  onChange(listener: (next: Settings) => void): () => void;
}

export function createLiveSettings(db: Database): LiveSettings {
  let cached: Settings | null = null;
  let loadedAt = 0;
  let loading: Promise<Settings> | null = null;
  const listeners = new Set<(next: Settings) => void>();

  const publish = (next: Settings) => {
    const changed = JSON.stringify(next) !== JSON.stringify(cached);
    cached = next;
    loadedAt = Date.now();
    if (changed) for (const listener of listeners) listener(next);
  };

  return {
    async get() {
      if (cached && Date.now() - loadedAt < RELOAD_AFTER_MS) return cached;
      loading ??= readAllSettings(db)
        .then((next) => {
          publish(next);
          return next;
        })
        .finally(() => {
          loading = null;
        });
      try {
        return await loading;
      } catch (error) {
        // A failed reload keeps the last good settings rather than failing every request.
        if (cached) return cached;
        throw error;
      }
    },
    replace: publish,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
