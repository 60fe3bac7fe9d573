import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../http/http-error.ts';
import { readSettingsSection } from './settings.repository.ts';

/** New passwords must meet the settings' minimum length (the contract's fixed rules still apply). */
export async function enforcePasswordMinLength(
  executor: Executor,
  password: string,
  field = 'password',
): Promise<void> {
  const { password_min_length: min } = await readSettingsSection(executor, 'security');
  if (password.length < min) throw badRequest(`Password must be at least ${min} characters`, field);
}
