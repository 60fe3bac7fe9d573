import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
} from 'node:crypto';

/**
 * A TOTP secret must be readable by the server, so it is sealed (AES-256-GCM) with a key derived from
 * the server's secret: a copy of the database alone does not give anyone the admins' authenticators.
 */
export function sealFactorSecret(serverSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', factorKey(serverSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function openFactorSecret(serverSecret: string, sealed: string): string | null {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', factorKey(serverSecret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const factorKey = (serverSecret: string) => createHash('sha256').update(`totp:${serverSecret}`).digest();

/** A 6-digit one-time code, uniformly drawn. */
export function newOneTimeCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Six digits are a million values: a plain hash would be reversed from a database copy in a moment,
 * so the code is keyed with the server's secret.
 */
export function hashOneTimeCode(serverSecret: string, code: string): string {
  return createHmac('sha256', `otp:${serverSecret}`).update(code).digest('hex');
}

/** Ten characters from an alphabet without look-alikes (i, l, o, 0, 1), shown as xxxxx-xxxxx: about 50 bits. */
export function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  let code = '';
  for (let i = 0; i < 10; i += 1) code += alphabet[randomInt(0, alphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Spaces, dashes and case do not matter when a recovery code is typed. */
export const normaliseRecoveryCode = (typed: string) => typed.toLowerCase().replace(/[\s-]/g, '');

export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(`recovery:${normaliseRecoveryCode(code)}`)
    .digest('hex');
}

export function newPendingToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashPendingToken(token) };
}

export const hashPendingToken = (token: string) =>
  createHash('sha256').update(`pending:${token}`).digest('hex');
