import { SessionUser } from '@switchboard/contract/session-user';
import { API_BASE, apiRequest, REQUEST_TIMEOUT_MS } from '@/lib/api-client.ts';
import { logger } from '@/lib/logger.ts';
import {
  clearStoredSession,
  readStoredAccessToken,
  readStoredRefreshToken,
  readStoredSession,
  type StoredSession,
  writeStoredSession,
} from '@/lib/session-storage.ts';

/**
 * The contract's auth module builds zod schemas when it loads; importing it on demand keeps zod (~25 kB gzip)
 * out of the first download. The login screen's chunk loads it anyway.
 */
const loadAuthContract = () => import('@switchboard/contract/auth');

/** A token is usable while more than 5 minutes remain, and is refreshed once 10 minutes remain. */
export const TOKEN_VALIDITY_MARGIN_MS = 300_000;
export const REFRESH_THRESHOLD_MS = 600_000;

export function isSessionValid(session: Pick<StoredSession, 'expiresAt'>, now = Date.now()): boolean {
  return session.expiresAt - now > TOKEN_VALIDITY_MARGIN_MS;
}

export function needsRefresh(session: Pick<StoredSession, 'expiresAt'>, now = Date.now()): boolean {
  return session.expiresAt - now <= REFRESH_THRESHOLD_MS;
}

/** Milliseconds until the token enters the refresh threshold (0 when it already has). */
export function msUntilRefreshDue(session: Pick<StoredSession, 'expiresAt'>, now = Date.now()): number {
  return Math.max(0, session.expiresAt - REFRESH_THRESHOLD_MS - now);
}

interface TokenPayload {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  user?: unknown;
}

/**
 * Builds the session a login or refresh response describes. The refresh response may omit the refresh
 * token and the user, in which case the previous ones are kept.
 */
export function sessionFromTokens(
  payload: TokenPayload,
  previous: Partial<StoredSession> = {},
  now = Date.now(),
): StoredSession | null {
  if (typeof payload.access_token !== 'string' || payload.access_token === '') return null;
  const parsed = payload.user === undefined ? undefined : SessionUser.safeParse(payload.user);
  const user = parsed === undefined ? previous.user : parsed.success ? parsed.data : undefined;
  if (!user) return null;
  const expiresIn = typeof payload.expires_in === 'number' && payload.expires_in > 0 ? payload.expires_in : 0;
  const refreshToken =
    typeof payload.refresh_token === 'string' && payload.refresh_token
      ? payload.refresh_token
      : previous.refreshToken;
  const session: StoredSession = {
    accessToken: payload.access_token,
    expiresAt: now + expiresIn * 1000,
    user,
  };
  if (refreshToken) session.refreshToken = refreshToken;
  return session;
}

/**
 * Token refresh. Returns the new session, or null. No stored refresh token leaves the session
 * alone; a rejected refresh or a network failure clears every stored token.
 */
export async function refreshSession(): Promise<StoredSession | null> {
  const tokenBefore = readStoredRefreshToken();
  return withRefreshLock(async () => {
    // Refresh tokens rotate on use, and replaying a used one revokes the whole family. When another
    // tab refreshed while this one waited for the lock, its rotated tokens are stored already: use them.
    const stored = readStoredSession();
    if (tokenBefore && stored?.refreshToken && stored.refreshToken !== tokenBefore) return stored;
    return refreshWithServer();
  });
}

const REFRESH_LOCK_NAME = 'switchboard-session-refresh';

/** One refresh at a time across every tab of this origin (Web Locks), where the browser has them. */
function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK_NAME, run) : run();
}

async function refreshWithServer(): Promise<StoredSession | null> {
  const refreshToken = readStoredRefreshToken();
  if (!refreshToken) {
    logger.warn('No refresh token available; cannot refresh the session');
    return null;
  }
  // The API's 30 s time-out, over the body too: a stalled refresh would otherwise hold the cross-tab
  // lock and leave the app on "Loading..." for good.
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const answer = await postRefresh(refreshToken, controller.signal);
    if (!answer.ok) {
      logger.error(`Token refresh failed with status ${answer.status}`, { status: answer.status });
      clearStoredSession();
      return null;
    }
    // The response may omit the user and refresh token: keep the stored ones.
    const previous = readStoredSession();
    const session =
      answer.payload && sessionFromTokens(answer.payload, { refreshToken, user: previous?.user });
    if (!session) {
      logger.error('Token refresh response had no usable access token');
      clearStoredSession();
      return null;
    }
    writeStoredSession(session);
    return session;
  } catch (error) {
    const reason = controller.signal.aborted
      ? `timed out after ${REQUEST_TIMEOUT_MS / 1000} s`
      : error instanceof Error
        ? error.message
        : String(error);
    logger.error('Token refresh failed: network error', reason);
    clearStoredSession();
    return null;
  } finally {
    window.clearTimeout(timer);
  }
}

type RefreshAnswer = { ok: false; status: number } | { ok: true; payload: TokenPayload | null };

/** POST /auth/refresh-token with both tokens; throws on a network failure or time-out. */
async function postRefresh(refreshToken: string, signal: AbortSignal): Promise<RefreshAnswer> {
  const { REFRESH_TOKEN_HEADER } = await loadAuthContract();
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    [REFRESH_TOKEN_HEADER]: refreshToken,
  };
  const accessToken = readStoredAccessToken();
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  const response = await fetch(`${API_BASE}/auth/refresh-token`, {
    method: 'POST',
    headers,
    credentials: 'include',
    signal,
  });
  if (!response.ok) return { ok: false, status: response.status };
  // A body that stalls past the time-out rejects here, as a network failure.
  const text = await response.text();
  try {
    return { ok: true, payload: JSON.parse(text) as TokenPayload };
  } catch {
    return { ok: true, payload: null };
  }
}

/** What the password step asked for next when a second factor is needed (the server's pending sign-in). */
export interface PendingStep {
  token: string;
  method: 'totp' | 'code' | 'enrol';
  /** Only for `enrol`: the authenticator to add (the QR code is an SVG drawn by the server). */
  enrolment?: { secret: string; otpauth_url: string; qr_svg: string };
}

interface LoginPayload extends TokenPayload {
  pending?: unknown;
  pending_token?: unknown;
  method?: unknown;
  enrolment?: PendingStep['enrolment'];
}

export type LoginOutcome =
  | { kind: 'signed-in'; session: StoredSession }
  | { kind: 'pending'; step: PendingStep };

/**
 * POST /auth/login; stores and returns the session, or the second step when the account has one. A
 * failed call rejects with the ApiRequestError (its status tells the login form which message to show);
 * an unusable answer rejects with an Error.
 */
export async function loginRequest(username: string, password: string): Promise<LoginOutcome> {
  // A bad password answers 401; that must not count as "the session expired".
  const payload = await apiRequest<LoginPayload>('/auth/login', {
    method: 'POST',
    body: { username, password },
    keepSessionOn401: true,
  });
  if (payload.pending === true && typeof payload.pending_token === 'string') {
    const method = payload.method === 'enrol' || payload.method === 'code' ? payload.method : 'totp';
    return {
      kind: 'pending',
      step: {
        token: payload.pending_token,
        method,
        ...(payload.enrolment ? { enrolment: payload.enrolment } : {}),
      },
    };
  }
  const session = sessionFromTokens(payload);
  if (!session) throw new Error('The login response had no usable access token');
  writeStoredSession(session);
  return { kind: 'signed-in', session };
}

/**
 * POST /auth/verify-otp: the code step. Returns the session (not yet stored) and, when this step also
 * turned on a new authenticator, the recovery codes to show once.
 */
export async function verifyOtpRequest(
  token: string,
  code: string,
): Promise<{ session: StoredSession; recoveryCodes: string[] | null }> {
  const payload = await apiRequest<TokenPayload & { recovery_codes?: unknown }>('/auth/verify-otp', {
    method: 'POST',
    body: { pending_token: token, code },
    keepSessionOn401: true,
  });
  const session = sessionFromTokens(payload);
  if (!session) throw new Error('The sign-in response had no usable access token');
  const codes = Array.isArray(payload.recovery_codes) ? payload.recovery_codes.map(String) : null;
  return { session, recoveryCodes: codes };
}

/** POST /auth/logout so the server revokes the refresh token; a failure still signs out locally. */
export async function logoutRequest(): Promise<void> {
  const refreshToken = readStoredRefreshToken();
  try {
    const { REFRESH_TOKEN_HEADER } = await loadAuthContract();
    await apiRequest('/auth/logout', {
      method: 'POST',
      headers: refreshToken ? { [REFRESH_TOKEN_HEADER]: refreshToken } : {},
      keepSessionOn401: true,
    });
  } catch (error) {
    logger.info('Logout call failed; signing out locally', error instanceof Error ? error.message : error);
  } finally {
    clearStoredSession();
  }
}
