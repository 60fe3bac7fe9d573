import type { Settings, SettingsSectionKey } from '@switchboard/contract/settings';
import type { Database, Executor } from '../../db/client.ts';
import { readAllSettings } from './settings.repository.ts';

/** Other instances' saves are picked up within this long without Redis; this instance's own saves at once. */
const RELOAD_AFTER_MS = 2000;

/**
 * The settings the running server obeys: the one way the server reads them. Reads come from a copy
 * reloaded at most every two seconds; a save on this instance replaces it at once, and with REDIS_URL
 * the other instances are told to reload (realtime/socket-server.ts).
 */
export interface LiveSettings {
  get(): Promise<Settings>;
  /**
   * One typed section. Inside a transaction pass it: a reload that falls due then reads through it,
   * since a second connection may not be free until the transaction ends (PGlite has only one).
   */
  section<K extends SettingsSectionKey>(key: K, executor?: Executor): Promise<Settings[K]>;
  /** After a save on this instance: the saved settings, in force from now. */
  replace(next: Settings): void;
  /** After a save elsewhere (another instance, a test writing rows): the next read reloads. */
  forget(): void;
  /** Told of every change seen, whether saved here or reloaded. */
  onChange(listener: (next: Settings) => void): () => void;
  /** Told of saves on this instance only, to announce them to the other instances. */
  onSaved(listener: () => void): () => void;
}

const byDatabase = new WeakMap<Database, LiveSettings>();

/** The live settings of this database: one copy per database handle, shared by every reader. */
export function liveSettings(db: Database): LiveSettings {
  let live = byDatabase.get(db);
  if (!live) {
    live = createLiveSettings(db);
    byDatabase.set(db, live);
  }
  return live;
}

function createLiveSettings(db: Database): LiveSettings {
  let cached: Settings | null = null;
  let loadedAt = 0;
  let loading: Promise<Settings> | null = null;
  const listeners = new Set<(next: Settings) => void>();
  const saveListeners = new Set<() => void>();

  const publish = (next: Settings) => {
    const changed = JSON.stringify(next) !== JSON.stringify(cached);
    cached = next;
    loadedAt = Date.now();
    if (changed) for (const listener of listeners) listener(next);
  };

  const get = async (executor: Executor = db): Promise<Settings> => {
    if (cached && Date.now() - loadedAt < RELOAD_AFTER_MS) return cached;
    // A read inside a transaction goes on its own rather than waiting for a reload on another connection.
    if (executor === db) loading ??= readAllSettings(db);
    const reload = executor === db && loading ? loading : readAllSettings(executor);
    try {
      const next = await reload;
      publish(next);
      return next;
    } catch (error) {
      // A failed reload keeps the last good settings rather than failing every request.
      if (cached) return cached;
      throw error;
    } finally {
      if (reload === loading) loading = null;
    }
  };

  return {
    get: () => get(),
    section: async (key, executor) => (await get(executor))[key],
    replace(next) {
      publish(next);
      for (const listener of saveListeners) listener();
    },
    forget() {
      loadedAt = 0;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onSaved(listener) {
      saveListeners.add(listener);
      return () => saveListeners.delete(listener);
    },
  };
}
