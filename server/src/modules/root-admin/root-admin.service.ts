import {
  ROOT_ADMIN_MESSAGES,
  type RootAdminRegistrationBody,
  type RootAdminSettings,
  type RootAdminStatus,
} from '@switchboard/contract/root-admin';
import { isStrongPassword, PASSWORD_RULES } from '@switchboard/contract/user-create';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { badRequest, forbidden } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { enforcePasswordMinLength } from '../settings/password-policy.ts';
import { hashPassword } from '../users/password.ts';
import { refuseTakenNames } from '../users/taken-names.ts';
import { countRootAdmins, insertUser } from '../users/users.repository.ts';
import { lockRegistration } from './root-admin.repository.ts';

/** Open while fewer root admins (deactivated ones included) exist than max_root_admins: closing is automatic. */
async function seats(db: Database, executor: Executor = db) {
  const existing = await countRootAdmins(executor);
  const section = await liveSettings(db).section('root_admin', executor);
  const cap = section.auto_disable_after_creation
    ? Math.min(1, section.max_root_admins)
    : section.max_root_admins;
  return { existing, section, open: existing < cap };
}

export async function registrationStatus(db: Database): Promise<RootAdminStatus> {
  const { existing, open } = await seats(db);
  return { success: true, enabled: open, existing_root_admins: existing };
}

export async function registrationSettings(db: Database): Promise<RootAdminSettings> {
  const { existing, open, section } = await seats(db);
  return {
    success: true,
    registration_enabled: open,
    existing_root_admins: existing,
    can_disable: false,
    settings: section,
  };
}

/**
 * Creates a root admin while a seat is free. The seat count and the insert happen under one
 * advisory lock, so two simultaneous registrations cannot both take the last seat.
 */
export async function registerRootAdmin(
  db: Database,
  input: z.output<typeof RootAdminRegistrationBody>,
  context: RequestContext,
): Promise<void> {
  // Cheap early refusal: once closed, anonymous callers cannot make the server hash passwords.
  const { open, section } = await seats(db);
  if (!open) throw forbidden(ROOT_ADMIN_MESSAGES.closed);
  await refuseTakenNames(db, input.username, input.email);
  if (section.require_strong_password && !isStrongPassword(input.password))
    throw badRequest(PASSWORD_RULES.weak, 'password');
  await enforcePasswordMinLength(db, input.password);
  const passwordHash = await hashPassword(input.password);
  try {
    await db.transaction(async (tx) => {
      await lockRegistration(tx);
      if (!(await seats(db, tx)).open) throw forbidden(ROOT_ADMIN_MESSAGES.closed);
      await refuseTakenNames(tx, input.username, input.email);
      const user = await insertUser(tx, {
        username: input.username,
        email: input.email,
        fullName: input.display_name || null,
        passwordHash,
        isAdmin: true,
        isRootAdmin: true,
      });
      await recordAudit(tx, {
        // Nobody is signed in: the new account is the one acting.
        actor: { id: user.id, username: user.username, isRootAdmin: true },
        action: 'root_admin.register',
        targetType: 'user',
        targetId: user.id,
        before: null,
        after: user,
        context,
      });
    });
  } catch (error) {
    // An admin may create the same name through the users screen meanwhile; the unique index decides.
    if (isUniqueViolation(error)) await refuseTakenNames(db, input.username, input.email);
    throw error;
  }
}
