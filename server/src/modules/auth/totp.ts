import { TOTP as TOTP_SETTINGS, type TotpEnrolment } from '@switchboard/contract/two-factor';
import { Secret, TOTP } from 'otpauth';

/** A new 160-bit secret (RFC 4226's recommended length), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: TOTP_SETTINGS.issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_SETTINGS.digits,
    period: TOTP_SETTINGS.periodSeconds,
    secret: Secret.fromBase32(secret),
  });

/** What the console shows to add the authenticator: the QR code is drawn here, never by a third party. */
export async function totpEnrolment(secret: string, label: string): Promise<TotpEnrolment> {
  const otpauthUrl = totpOf(secret, label).toString();
  // Only an enrolment draws a QR code: its packages load then, not at every start.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

/**
 * The 30-second step the code belongs to (the current one or one either side, for clock drift), or
 * null. A code is accepted only for a step after `lastStep`, so the same code never works twice.
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  at: Date,
  lastStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = at.getTime();
  const delta = totpOf(secret, 'check').validate({ token: code, timestamp, window: TOTP_SETTINGS.window });
  if (delta === null) return null;
  const step = TOTP.counter({ period: TOTP_SETTINGS.periodSeconds, timestamp }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
