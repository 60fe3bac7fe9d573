import { z } from 'zod';

/** How the code of a pending sign-in is checked. `enrol`: the admin must set up an authenticator first. */
export const PENDING_METHODS = ['totp', 'code', 'enrol'] as const;
export type PendingMethod = (typeof PENDING_METHODS)[number];

/** A new authenticator: the secret (for typing in), its otpauth:// URI, and the QR code of it as SVG. */
export const TotpEnrolment = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_svg: z.string().describe('an SVG image of the otpauth URI, drawn by the server'),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;

export const PendingSignIn = z.object({
  success: z.literal(true),
  pending: z.literal(true),
  pending_token: z.string(),
  method: z.enum(PENDING_METHODS),
  expires_in: z.number().int().describe('seconds the code step stays open'),
  /** Only for `enrol`: the authenticator to add; the first code from it completes the sign-in. */
  enrolment: TotpEnrolment.optional(),
});
export type PendingSignIn = z.infer<typeof PendingSignIn>;

export const isPendingSignIn = <T extends object>(answer: T | PendingSignIn): answer is PendingSignIn =>
  'pending' in answer && answer.pending === true;
