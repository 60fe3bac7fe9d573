import { z } from 'zod';
import { TokenResponse } from './auth.ts';
import { envelope, IsoDateTime, SuccessMessage, UserId } from './common.ts';
import { endpoint } from './endpoint.ts';

export * from './pending-sign-in.ts';

import { TotpEnrolment } from './pending-sign-in.ts';

/**
 * Two-step sign-in. A password sign-in of an admin with a factor (or one who must enrol one) answers
 * with a pending sign-in instead of tokens; an app user asks for a one-time code. Either way the second
 * step is `POST /auth/verify-otp` with the pending token and the code.
 */

/** One-time codes for app users (issue 25): 6 digits, 5 minutes, 5 attempts. */
/**
 * One-time sign-in codes: at most `maxPerAccount` sent to one account in `accountWindowSeconds`, from
 * however many addresses (each address also has its own per-minute budget); beyond it the answer is the
 * same but no code goes out.
 */
export const ONE_TIME_CODE = {
  digits: 6,
  ttlSeconds: 5 * 60,
  maxAttempts: 5,
  maxPerAccount: 5,
  accountWindowSeconds: 15 * 60,
} as const;
/** How long an admin has to type the authenticator's code after the password. */
export const PENDING_FACTOR_TTL_SECONDS = 5 * 60;
export const RECOVERY_CODE_COUNT = 10;
/** TOTP as every authenticator app does it (RFC 6238): SHA-1, 6 digits, 30 s, one step either side. */
export const TOTP = { digits: 6, periodSeconds: 30, window: 1, issuer: 'Switchboard' } as const;

export const TWO_FACTOR_MESSAGES = {
  invalidCode: 'Invalid or expired code',
  tooManyCodeAttempts: 'Too many wrong codes: sign in again',
  codeSent: 'If the account exists, a code has been sent',
  alreadyEnrolled: 'Two-factor sign-in is already on; turn it off first',
  notEnrolled: 'Two-factor sign-in is not on',
  noEnrolment: 'Start the set-up again: no authenticator is waiting for its first code',
  enrolled: 'Two-factor sign-in is on',
  disabled: 'Two-factor sign-in is off',
  reset: "The admin's second factor was removed; they set it up again at their next sign-in if required",
  wrongPassword: 'Your password is not correct',
  notAnAdmin: 'Two-factor sign-in is for console administrators',
  rootOnly: 'Only a root administrator can reset another admin’s second factor',
} as const;

export const OtpCode = z
  .string()
  .trim()
  .min(1, 'Enter the code')
  .max(32, 'The code is too long')
  .describe('6 digits from the authenticator or the message, or a recovery code');

export const VerifyOtpRequest = z.object({
  pending_token: z.string().min(1, 'pending_token is required').max(200),
  code: OtpCode,
});
export type VerifyOtpRequest = z.input<typeof VerifyOtpRequest>;

/** Tokens; with the recovery codes once, when this step also completed an enrolment. */
export const VerifyOtpResponse = TokenResponse.extend({
  recovery_codes: z.array(z.string()).optional(),
});
export type VerifyOtpResponse = z.infer<typeof VerifyOtpResponse>;

export const RequestOtpRequest = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'username is required')
    .max(254, 'username is too long')
    .describe('the username or the e-mail address'),
});

/** The same answer whether or not the account exists. */
export const RequestOtpResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  pending_token: z.string(),
  expires_in: z.number().int(),
  /**
   * Demo only: the code itself, given while demo data is on and no OTP_WEBHOOK_URL is set (codes then
   * have no gateway to leave by). Never present otherwise.
   */
  demo_code: z
    .string()
    .optional()
    .describe('demo only: the code, while demo data is on and no OTP_WEBHOOK_URL is set; absent otherwise'),
});

export const TwoFactorStatus = z.object({
  enrolled: z.boolean(),
  enrolled_at: IsoDateTime.nullable(),
  recovery_codes_left: z.number().int(),
  /** The setting "require two-factor for admins". */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const ConfirmTotpRequest = z.object({ code: OtpCode });
export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;
/** Turning the factor off or making new recovery codes asks for the password again. */
export const PasswordConfirmation = z.object({
  password: z.string().min(1, 'password is required').max(200, 'password is too long'),
});

export const twoFactorAuthEndpoints = {
  verifyOtp: endpoint({
    method: 'POST',
    path: '/auth/verify-otp',
    tag: 'auth',
    access: 'public',
    body: VerifyOtpRequest,
    response: VerifyOtpResponse,
    secret: true,
  }),
  requestOtp: endpoint({
    method: 'POST',
    path: '/auth/request-otp',
    tag: 'app-auth',
    access: 'public',
    body: RequestOtpRequest,
    response: RequestOtpResponse,
  }),
};

export const twoFactorEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/account/two-factor',
    tag: 'account',
    access: 'admin',
    permission: 'signed-in',
    response: envelope(TwoFactorStatus),
  }),
  start: endpoint({
    method: 'POST',
    path: '/account/two-factor/totp',
    tag: 'account',
    access: 'admin',
    permission: 'signed-in',
    response: envelope(TotpEnrolment),
    secret: true,
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/account/two-factor/totp/confirm',
    tag: 'account',
    access: 'admin',
    permission: 'signed-in',
    body: ConfirmTotpRequest,
    response: envelope(RecoveryCodes),
    secret: true,
  }),
  regenerateCodes: endpoint({
    method: 'POST',
    path: '/account/two-factor/recovery-codes',
    tag: 'account',
    access: 'admin',
    permission: 'signed-in',
    body: PasswordConfirmation,
    response: envelope(RecoveryCodes),
    secret: true,
  }),
  disable: endpoint({
    method: 'POST',
    path: '/account/two-factor/disable',
    tag: 'account',
    access: 'admin',
    permission: 'signed-in',
    body: PasswordConfirmation,
    response: SuccessMessage,
  }),
  /** Root removes another admin's factor (a lost phone); audit-logged. */
  reset: endpoint({
    method: 'DELETE',
    path: '/admin/users/:id/two-factor',
    tag: 'account',
    access: 'root',
    permission: 'admins:manage',
    params: z.object({ id: UserId }),
    response: SuccessMessage,
  }),
};
