import { USER_RULE_MESSAGES } from '@switchboard/contract/users';
import type { Executor } from '../../db/client.ts';
import { conflict } from '../../http/http-error.ts';
import { findClashes } from './users.repository.ts';

/** A 409 naming the field when the username or email (compared case-insensitively) is already used. */
export async function refuseTakenNames(executor: Executor, username: string, email: string): Promise<void> {
  const taken = await findClashes(executor, username, email);
  if (taken.username) throw conflict(USER_RULE_MESSAGES.usernameTaken, 'username');
  if (taken.email) throw conflict(USER_RULE_MESSAGES.emailTaken, 'email');
}
