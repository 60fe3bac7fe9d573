import {
  SETTINGS_DEFAULTS,
  SETTINGS_SECTIONS,
  Settings,
  type SettingsSectionKey,
} from '@switchboard/contract/settings';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { settings } from '../../db/schema/system.ts';

/**
 * One settings section: the stored values over the defaults. Field by field, so a
 * section saved before a field existed, or a stored value that no longer passes its schema,
 * still yields a complete, valid section.
 */
export async function readSettingsSection<K extends SettingsSectionKey>(
  executor: Executor,
  key: K,
): Promise<Settings[K]> {
  const [row] = await executor
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return mergeSection(key, row?.value);
}

/** Every section, for the settings screen. */
export async function readAllSettings(executor: Executor): Promise<Settings> {
  const rows = await executor.select({ key: settings.key, value: settings.value }).from(settings);
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const section = <K extends SettingsSectionKey>(key: K) => mergeSection(key, stored.get(key));
  return {
    app: section('app'),
    security: section('security'),
    notifications: section('notifications'),
    database: section('database'),
    api: section('api'),
    root_admin: section('root_admin'),
    security_policies: section('security_policies'),
    calling: section('calling'),
  };
}

/** Stores a whole section (the caller has validated it and writes the audit row in the same transaction). */
export async function writeSettingsSection<K extends SettingsSectionKey>(
  executor: Executor,
  key: K,
  value: Settings[K],
  updatedBy: string,
): Promise<void> {
  await executor
    .insert(settings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy, updatedAt: new Date() } });
}

function mergeSection<K extends SettingsSectionKey>(key: K, stored: unknown): Settings[K] {
  const defaults = SETTINGS_DEFAULTS[key] as Record<string, unknown>;
  if (!stored || typeof stored !== 'object' || Array.isArray(stored))
    return structuredClone(defaults) as Settings[K];
  const fields = Settings.shape[key].shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean; data?: unknown } }
  >;
  const merged: Record<string, unknown> = {};
  for (const [name, fallback] of Object.entries(defaults)) {
    const parsed = fields[name]?.safeParse((stored as Record<string, unknown>)[name]);
    merged[name] = parsed?.success ? parsed.data : structuredClone(fallback);
  }
  return merged as Settings[K];
}

/** Stores every section (an upsert per section key). */
export async function writeAllSettings(executor: Executor, next: Settings, updatedBy: string): Promise<void> {
  for (const key of SETTINGS_SECTIONS) {
    await executor
      .insert(settings)
      .values({ key, value: next[key], updatedBy })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: next[key], updatedBy, updatedAt: sql`now()` },
      });
  }
}

/** A settings row outside the sections: present after a factory reset, so start-up does not seed demo data again. */
const FACTORY_RESET_KEY = 'factory_reset';

export async function markFactoryReset(executor: Executor, by: string): Promise<void> {
  await executor
    .insert(settings)
    .values({ key: FACTORY_RESET_KEY, value: { at: new Date().toISOString() }, updatedBy: by })
    .onConflictDoNothing();
}

export async function wasFactoryReset(executor: Executor): Promise<boolean> {
  const [row] = await executor
    .select({ key: settings.key })
    .from(settings)
    .where(eq(settings.key, FACTORY_RESET_KEY))
    .limit(1);
  return row !== undefined;
}
