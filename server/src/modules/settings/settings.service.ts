import { SETTINGS_MESSAGES, type Settings } from '@switchboard/contract/settings';
import type { Database } from '../../db/client.ts';
import { type AdminPrincipal, holds } from '../../http/access-token.ts';
import { HttpError } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { LiveSettings } from './live-settings.ts';
import { refuseCripplingSettings } from './setting-floors.ts';
import { readAllSettings, writeAllSettings } from './settings.repository.ts';

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
