import {
  type TotpEnrolment,
  TWO_FACTOR_MESSAGES,
  type TwoFactorStatus,
} from '@switchboard/contract/two-factor';
import type { Database } from '../../db/client.ts';
import type { AdminPrincipal } from '../../http/access-token.ts';
import { badRequest, conflict, notFound } from '../../http/http-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { liveSettings } from '../settings/live-settings.ts';
import { verifyPassword } from '../users/password.ts';
import { findAccountById } from '../users/users.repository.ts';
import { openFactorSecret, sealFactorSecret } from './factor-secret.ts';
import { clockOf, confirmEnrolment, newRecoveryCodes, type SecondStepDeps } from './second-step.service.ts';
import { acceptedTotpStep, newTotpSecret, totpEnrolment } from './totp.ts';
import {
  countUnusedRecoveryCodes,
  deleteFactor,
  findFactor,
  lockFactor,
  saveUnconfirmedFactor,
} from './two-factor.repository.ts';

const badCode = () => badRequest(TWO_FACTOR_MESSAGES.invalidCode, 'code');

export async function twoFactorStatus(db: Database, admin: AdminPrincipal): Promise<TwoFactorStatus> {
  const [factor, left, security] = await Promise.all([
    findFactor(db, admin.id),
    countUnusedRecoveryCodes(db, admin.id),
    liveSettings(db).section('security'),
  ]);
  const enrolled = Boolean(factor?.confirmedAt);
  return {
    enrolled,
    enrolled_at: factor?.confirmedAt?.toISOString() ?? null,
    recovery_codes_left: enrolled ? left : 0,
    required: security.require_admin_two_factor,
  };
}

/** A new authenticator to add; it is on once its first code is confirmed. */
export async function startTotpEnrolment(
  db: Database,
  deps: SecondStepDeps,
  admin: AdminPrincipal,
): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  const saved = await saveUnconfirmedFactor(db, admin.id, sealFactorSecret(deps.config.jwtSecret, secret));
  if (!saved) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnrolled);
  return totpEnrolment(secret, admin.username);
}

export async function confirmTotpEnrolment(
  db: Database,
  deps: SecondStepDeps,
  admin: AdminPrincipal,
  code: string,
  ctx: RequestContext,
): Promise<string[]> {
  const now = clockOf(deps)();
  return db.transaction(async (tx) => {
    const factor = await lockFactor(tx, admin.id);
    if (!factor) throw conflict(TWO_FACTOR_MESSAGES.noEnrolment);
    if (factor.confirmedAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnrolled);
    const secret = openFactorSecret(deps.config.jwtSecret, factor.sealedSecret);
    const step = secret ? acceptedTotpStep(secret, code.trim(), now, factor.lastStep) : null;
    if (step === null) throw badCode();
    return confirmEnrolment(tx, admin, step, ctx);
  });
}

/** Turning the factor off, or replacing the recovery codes, asks for the password again. */
async function requirePassword(db: Database, admin: AdminPrincipal, password: string): Promise<void> {
  const account = await findAccountById(db, admin.id);
  if (!account?.passwordHash || !(await verifyPassword(account.passwordHash, password))) {
    throw badRequest(TWO_FACTOR_MESSAGES.wrongPassword, 'password');
  }
}

export async function regenerateRecoveryCodes(
  db: Database,
  admin: AdminPrincipal,
  password: string,
  ctx: RequestContext,
): Promise<string[]> {
  await requirePassword(db, admin, password);
  return db.transaction(async (tx) => {
    const factor = await lockFactor(tx, admin.id);
    if (!factor?.confirmedAt) throw conflict(TWO_FACTOR_MESSAGES.notEnrolled);
    const codes = await newRecoveryCodes(tx, admin.id);
    await recordAudit(tx, {
      actor: admin,
      action: 'two_factor.recovery_codes',
      targetType: 'user',
      targetId: admin.id,
      before: null,
      after: { recovery_codes: codes.length },
      context: ctx,
    });
    return codes;
  });
}

export async function disableTwoFactor(
  db: Database,
  admin: AdminPrincipal,
  password: string,
  ctx: RequestContext,
): Promise<void> {
  await requirePassword(db, admin, password);
  await db.transaction(async (tx) => {
    if (!(await deleteFactor(tx, admin.id))) throw conflict(TWO_FACTOR_MESSAGES.notEnrolled);
    await recordAudit(tx, {
      actor: admin,
      action: 'two_factor.disable',
      targetType: 'user',
      targetId: admin.id,
      before: { enrolled: true },
      after: { enrolled: false },
      context: ctx,
    });
  });
}

/** Root removes another admin's authenticator and recovery codes (a lost phone). */
export async function resetTwoFactor(
  db: Database,
  root: AdminPrincipal,
  userId: string,
  ctx: RequestContext,
): Promise<void> {
  const target = await findAccountById(db, userId);
  if (!target?.isAdmin) throw notFound('Admin not found');
  await db.transaction(async (tx) => {
    const wasEnrolled = await deleteFactor(tx, userId);
    if (!wasEnrolled) throw conflict(TWO_FACTOR_MESSAGES.notEnrolled);
    await recordAudit(tx, {
      actor: root,
      action: 'two_factor.reset',
      targetType: 'user',
      targetId: userId,
      before: { username: target.username, enrolled: true },
      after: { username: target.username, enrolled: false },
      context: ctx,
    });
  });
}
