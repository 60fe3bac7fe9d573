import { AppUserSettings } from '@switchboard/contract/account';
import type { Executor } from '../../db/client.ts';
import { findSettings, isContact } from './account.repository.ts';

/**
 * Why the callee's privacy setting `allow_calls_from` bars this caller, or null when they may call:
 * `nobody` bars everyone, `contacts` everyone the callee has not added to their contacts.
 */
export async function callBarredBy(
  db: Executor,
  calleeId: string,
  callerId: string,
): Promise<'takes_no_calls' | 'contacts_only' | null> {
  const stored = await findSettings(db, calleeId);
  const parsed = AppUserSettings.shape.allow_calls_from.safeParse(stored?.allow_calls_from);
  const allowed = parsed.success ? parsed.data : 'everyone';
  if (allowed === 'everyone') return null;
  if (allowed === 'nobody') return 'takes_no_calls';
  return (await isContact(db, calleeId, callerId)) ? null : 'contacts_only';
}
