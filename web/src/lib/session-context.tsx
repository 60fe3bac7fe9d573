import type { SessionUser } from '@switchboard/contract/session-user';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { configureApiClient } from '@/lib/api-client.ts';
import { useAppConfig } from '@/lib/app-config-context.tsx';
import {
  isSessionValid,
  loginRequest,
  logoutRequest,
  msUntilRefreshDue,
  needsRefresh,
  type PendingStep,
  refreshSession,
  verifyOtpRequest,
} from '@/lib/session.ts';
import {
  clearStoredSession,
  hasStoredTokens,
  readStoredAccessToken,
  readStoredRefreshToken,
  readStoredSession,
  STORAGE_KEYS,
  type StoredSession,
  writeStoredSession,
} from '@/lib/session-storage.ts';

export type { SessionUser } from '@switchboard/contract/session-user';
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SessionContextValue {
  user: SessionUser | null;
  status: SessionStatus;
  /**
   * Resolves once signed in (null), or with the second step when the account has one; rejects with the
   * failed call's ApiRequestError (or an Error).
   */
  login(username: string, password: string): Promise<PendingStep | null>;
  /**
   * The code step. Resolves null once signed in, or with recovery codes to show first (a new
   * authenticator was just turned on); `finishSignIn` then completes the sign-in.
   */
  verifyCode(token: string, code: string): Promise<string[] | null>;
  finishSignIn(): void;
  /** Tells the server, then clears the stored session whatever it answered. */
  logout(): Promise<void>;
  /**
   * True when this tab's admin signed out with logout(), as opposed to a session that expired or was
   * refused: the router then does not offer to return to the page they left.
   */
  signedOutByLogout: boolean;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

type SessionState =
  | { status: 'loading' | 'signed-out'; session: null; byLogout?: true }
  | { status: 'signed-in'; session: StoredSession };
const SIGNED_OUT: SessionState = { status: 'signed-out', session: null };
/** setTimeout overflows past 2^31-1 ms; a longer wait is simply re-armed later. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * With no token stored the visitor is known to be signed out before any effect runs, so the first render
 * already shows the signed-out page: the one prerendered into login.html and landing.html, which React
 * hydrates. The build's prerender has no storage at all and renders that signed-out page.
 */
function initialState(): SessionState {
  const signedOut = typeof localStorage === 'undefined' || !hasStoredTokens();
  return signedOut ? SIGNED_OUT : { status: 'loading', session: null };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const config = useAppConfig();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(initialState);
  const refreshing = useRef<Promise<StoredSession | null> | null>(null);

  // The previous session's cached data must not outlive it.
  const endSession = useCallback(
    (next: SessionState) => {
      clearStoredSession();
      queryClient.clear();
      setState(next);
    },
    [queryClient],
  );
  const signOutLocally = useCallback(() => endSession(SIGNED_OUT), [endSession]);

  // Refresh tokens rotate on use, so two refreshes at once would revoke each other: share one.
  const refresh = useCallback(async () => {
    refreshing.current ??= refreshSession().finally(() => {
      refreshing.current = null;
    });
    const next = await refreshing.current;
    setState((current) => {
      if (next) return { status: 'signed-in', session: next };
      // No refresh token: the stored session is left alone; keep using it while it is valid.
      return current.status === 'signed-in' && isSessionValid(current.session) && readStoredAccessToken()
        ? current
        : SIGNED_OUT;
    });
    if (!next) queryClient.clear();
    return next;
  }, [queryClient]);

  useLayoutEffect(() => {
    configureApiClient({
      appName: config.app.name,
      appVersion: config.app.version,
      getAccessToken: readStoredAccessToken,
      onUnauthorized: signOutLocally,
    });
  }, [config.app.name, config.app.version, signOutLocally]);

  // Start-up: use a valid stored token, else try the refresh token, else signed out.
  useEffect(() => {
    const stored = readStoredSession();
    if (stored && isSessionValid(stored)) {
      setState({ status: 'signed-in', session: stored });
      if (needsRefresh(stored)) void refresh();
    } else if (readStoredRefreshToken()) {
      void refresh();
    } else {
      if (stored) clearStoredSession();
      setState(SIGNED_OUT);
    }
  }, [refresh]);

  const session = state.session;
  useEffect(() => {
    if (!session) return;
    const timer = window.setTimeout(() => void refresh(), Math.min(msUntilRefreshDue(session), MAX_TIMER_MS));
    // Background tabs throttle timers; check again as soon as the admin comes back.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && needsRefresh(session)) void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [session, refresh]);

  // Another tab signed in, refreshed or signed out.
  const signedInUserId = state.session?.user.id;
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.accessToken) return;
      const stored = readStoredSession();
      // Signed out, or signed in as someone else: the cached data belongs to the session that ended.
      if (!stored || stored.user.id !== signedInUserId) queryClient.clear();
      setState(stored ? { status: 'signed-in', session: stored } : SIGNED_OUT);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient, signedInUserId]);

  const login = useCallback(async (username: string, password: string) => {
    const outcome = await loginRequest(username, password);
    if (outcome.kind === 'pending') return outcome.step;
    setState({ status: 'signed-in', session: outcome.session });
    return null;
  }, []);

  // Held while the new recovery codes are on screen: signing in at once would leave the login page.
  const heldSession = useRef<StoredSession | null>(null);
  const verifyCode = useCallback(async (token: string, code: string) => {
    const { session, recoveryCodes } = await verifyOtpRequest(token, code);
    writeStoredSession(session);
    if (recoveryCodes) {
      heldSession.current = session;
      return recoveryCodes;
    }
    setState({ status: 'signed-in', session });
    return null;
  }, []);
  const finishSignIn = useCallback(() => {
    const session = heldSession.current;
    heldSession.current = null;
    if (session) setState({ status: 'signed-in', session });
  }, []);

  const logout = useCallback(async () => {
    await logoutRequest();
    endSession({ status: 'signed-out', session: null, byLogout: true });
  }, [endSession]);

  const value = useMemo<SessionContextValue>(
    () => ({
      user: state.session?.user ?? null,
      status: state.status,
      login,
      verifyCode,
      finishSignIn,
      logout,
      signedOutByLogout: state.status === 'signed-out' && state.byLogout === true,
    }),
    [state, login, verifyCode, finishSignIn, logout],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

/**
 * A fixed signed-in admin, for one screen rendered on its own (a test): nothing stored, nothing
 * refreshed. What the screen offers follows this admin's permissions as it would in the console.
 */
export function StaticSession({ user, children }: { user: SessionUser; children: ReactNode }) {
  const value = useMemo<SessionContextValue>(
    () => ({
      user,
      status: 'signed-in',
      login: async () => null,
      verifyCode: async () => null,
      finishSignIn: () => {},
      logout: async () => {},
      signedOutByLogout: false,
    }),
    [user],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}
