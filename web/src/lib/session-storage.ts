import { SessionUser } from '@switchboard/contract/session-user';
import { logger } from '@/lib/logger.ts';

/** The localStorage keys of the session. */
export const STORAGE_KEYS = {
  accessToken: 'admin_auth_token',
  refreshToken: 'admin_refresh_token',
  user: 'admin_user_data',
  expiry: 'admin_token_expiry',
} as const;
/** Keys an older build wrote; cleared too so a stale token can never be picked up. */
export const LEGACY_STORAGE_KEYS = ['auth_token', 'auth_user', 'auth_refresh_token'] as const;

/** The session as stored in localStorage. expiresAt is epoch milliseconds; the user is stored as the server sent it. */
export interface StoredSession {
  accessToken: string;
  refreshToken?: string;
  expiresAt: number;
  user: SessionUser;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const defaultStorage = (): KeyValueStorage => window.localStorage;

export function clearStoredSession(storage: KeyValueStorage = defaultStorage()): void {
  for (const key of [...Object.values(STORAGE_KEYS), ...LEGACY_STORAGE_KEYS]) storage.removeItem(key);
}

export function writeStoredSession(
  session: StoredSession,
  storage: KeyValueStorage = defaultStorage(),
): void {
  storage.setItem(STORAGE_KEYS.accessToken, session.accessToken);
  if (session.refreshToken) storage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  else storage.removeItem(STORAGE_KEYS.refreshToken);
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
  storage.setItem(STORAGE_KEYS.expiry, String(session.expiresAt));
}

export function readStoredRefreshToken(storage: KeyValueStorage = defaultStorage()): string | null {
  return storage.getItem(STORAGE_KEYS.refreshToken) || null;
}

/** Whether a sign-in left anything behind (a token, expired or not): if not, the visitor is signed out. */
export function hasStoredTokens(storage: KeyValueStorage = defaultStorage()): boolean {
  return readStoredAccessToken(storage) !== null || readStoredRefreshToken(storage) !== null;
}

export function readStoredAccessToken(storage: KeyValueStorage = defaultStorage()): string | null {
  return storage.getItem(STORAGE_KEYS.accessToken) || null;
}

/**
 * A session is present only when token, user data and expiry are all stored.
 * Corrupt data is logged and cleared, and the session treated as absent.
 */
export function readStoredSession(storage: KeyValueStorage = defaultStorage()): StoredSession | null {
  const accessToken = storage.getItem(STORAGE_KEYS.accessToken);
  const userData = storage.getItem(STORAGE_KEYS.user);
  const expiry = storage.getItem(STORAGE_KEYS.expiry);
  if (!accessToken || !userData || !expiry) return null;
  try {
    const parsed = SessionUser.safeParse(JSON.parse(userData));
    const expiresAt = Number(expiry);
    if (!parsed.success) throw new Error('Stored user data is not a user');
    const user = parsed.data;
    if (!Number.isFinite(expiresAt) || expiry.trim() === '')
      throw new Error('Stored token expiry is not a number');
    const refreshToken = readStoredRefreshToken(storage);
    return refreshToken ? { accessToken, refreshToken, expiresAt, user } : { accessToken, expiresAt, user };
  } catch (error) {
    logger.error(
      'Stored session data is corrupt; clearing it',
      error instanceof Error ? error.message : error,
    );
    clearStoredSession(storage);
    return null;
  }
}
