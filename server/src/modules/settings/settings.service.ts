import { APP_VERSION } from '@switchboard/contract/app-info';
import {
  SETTINGS_MESSAGES,
  type Settings,
  type SettingsBody,
  type SettingsSectionKey,
} from '@switchboard/contract/settings';
import { changedFixedField, withFixedValues } from '@switchboard/contract/settings-fields';
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

/** Where the read-only fields come from: the build and the server's start-up, never a save. */
export interface ReadOnlySources {
  appEnv: Settings['app']['environment'];
}

/** The settings as they are in force: fixed fields at their only value, version and environment as running. */
function asInForce(stored: Settings, { appEnv }: ReadOnlySources): Settings {
  const fixed = withFixedValues(stored);
  return { ...fixed, app: { ...fixed.app, version: APP_VERSION, environment: appEnv } };
}

/** The settings screen reads what is stored, not the live copy, so it shows a save from another instance at once. */
export async function getSettings(db: Database, sources: ReadOnlySources): Promise<Settings> {
  return asInForce(await readAllSettings(db), sources);
}

/** Replaces the whole settings object; the running server obeys it from the next request. */
export async function saveSettings(
  db: Database,
  { live }: { live: LiveSettings },
  actor: AdminPrincipal,
  body: SettingsBody,
  context: RequestContext,
  sources: ReadOnlySources,
): Promise<Settings> {
  // A protection that cannot be turned off, or a channel with no provider, is refused by name.
  const next: Settings = { ...body, app: { ...body.app, version: APP_VERSION, environment: sources.appEnv } };
  const fixed = changedFixedField(next);
  if (fixed) throw new HttpError(400, fixed.reason, { field: fixed.path });
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
    // A webhook on an internal address can probe the private network (SSRF): a security decision too.
    if (
      before.api.webhooks_allow_private_addresses !== next.api.webhooks_allow_private_addresses &&
      !holds(actor, 'settings:security')
    )
      throw new HttpError(403, SETTINGS_MESSAGES.privateWebhooksNeedSecurity, {
        field: 'api.webhooks_allow_private_addresses',
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
  return asInForce(saved, sources);
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
