import { SETTINGS_MESSAGES, type Settings, type SettingsSectionKey } from '@switchboard/contract/settings';
import type { Database } from '../../db/client.ts';
import { type AdminPrincipal, holds } from '../../http/access-token.ts';
import { HttpError } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { LiveSettings } from './live-settings.ts';
import { refuseCripplingSettings } from './setting-floors.ts';
import {
  readAllSettings,
  readSettingsSection,
  writeAllSettings,
  writeSettingsSection,
} from './settings.repository.ts';

/** The settings screen reads what is stored, not the live copy, so it shows a save from another instance at once. */
export function getSettings(db: Database): Promise<Settings> {
  return readAllSettings(db);
}

/** Replaces the whole settings object; the running server obeys it from the next request. */
export async function saveSettings(
  db: Database,
  { live }: { live: LiveSettings },
  actor: AdminPrincipal,
  next: Settings,
  context: RequestContext,
): Promise<Settings> {
  const saved = await db.transaction(async (tx) => {
    const before = await readAllSettings(tx);
    // Who may register as root admin is for root admins to decide: any other admin could reopen it.
    if (!actor.isRootAdmin && JSON.stringify(before.root_admin) !== JSON.stringify(next.root_admin))
      throw new HttpError(403, SETTINGS_MESSAGES.rootOnly, { field: 'root_admin' });
    refuseCripplingSettings(actor, before, next);
    // Turning two-factor off for every admin weakens every sign-in: a security decision.
    if (
      before.security.require_admin_two_factor !== next.security.require_admin_two_factor &&
      !holds(actor, 'settings:security')
    )
      throw new HttpError(403, SETTINGS_MESSAGES.twoFactorNeedsSecurity, {
        field: 'security.require_admin_two_factor',
      });
    await writeAllSettings(tx, next, actor.id);
    await recordAudit(tx, {
      actor,
      action: 'settings.update',
      targetType: 'settings',
      targetId: null,
      before,
      after: next,
      context,
    });
    return readAllSettings(tx);
  });
  live.replace(saved);
  return saved;
}

/**
 * Replaces one section with `change` applied to the stored one (which may refuse it with a 4xx): stored and
 * audited in one transaction, then in force on this instance at once.
 */
export async function saveSettingsSection<K extends SettingsSectionKey>(
  db: Database,
  { live }: { live: LiveSettings },
  actor: AdminPrincipal,
  key: K,
  context: RequestContext,
  change: (before: Settings[K]) => Settings[K],
): Promise<Settings[K]> {
  const saved = await db.transaction(async (tx) => {
    const before = await readSettingsSection(tx, key);
    const after = change(before);
    await writeSettingsSection(tx, key, after, actor.id);
    await recordAudit(tx, {
      actor,
      action: 'settings.update',
      targetType: 'settings',
      targetId: key,
      before,
      after,
      context,
    });
    return after;
  });
  live.replace({ ...(await live.get()), [key]: saved });
  return saved;
}
