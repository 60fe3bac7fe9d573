import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** An opaque refresh token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The successor of a rotated token, encrypted with a key only the holder of the rotated token can
 * derive: a copy of the database alone does not yield a working refresh token.
 */
export function sealSuccessor(rotatedToken: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', successorKey(rotatedToken), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function openSealedSuccessor(rotatedToken: string, sealed: string): string | null {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', successorKey(rotatedToken), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const successorKey = (token: string) => createHash('sha256').update(`successor:${token}`).digest();
