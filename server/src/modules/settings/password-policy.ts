import { passwordMinLength, passwordTooShort } from '@switchboard/contract/account-rules';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../http/http-error.ts';
import { liveSettings } from './live-settings.ts';

/** The length a new password needs now (the settings' minimum, never below the contract's floor). */
export async function livePasswordMinLength(db: Database): Promise<number> {
  const { password_min_length } = await liveSettings(db).section('security');
  return passwordMinLength(password_min_length);
}

/** New passwords must meet the settings' minimum length (the contract's fixed rules still apply). */
export async function enforcePasswordMinLength(
  db: Database,
  password: string,
  field = 'password',
): Promise<void> {
  const min = await livePasswordMinLength(db);
  if (password.length < min) throw badRequest(passwordTooShort(min), field);
}
