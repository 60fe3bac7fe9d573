import type { Database } from '../../db/client.ts';
import { badRequest } from '../../http/http-error.ts';
import { liveSettings } from './live-settings.ts';

/** New passwords must meet the settings' minimum length (the contract's fixed rules still apply). */
export async function enforcePasswordMinLength(
  db: Database,
  password: string,
  field = 'password',
): Promise<void> {
  const { password_min_length: min } = await liveSettings(db).section('security');
  if (password.length < min) throw badRequest(`Password must be at least ${min} characters`, field);
}
