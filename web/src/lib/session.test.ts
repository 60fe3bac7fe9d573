import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '@/lib/logger.ts';
import { isSessionValid, needsRefresh, refreshSession, sessionFromTokens } from '@/lib/session.ts';
import { readStoredSession, STORAGE_KEYS } from '@/lib/session-storage.ts';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { storeSignedInSession, TEST_USER, tokenResponse } from '@/testing/render-app.tsx';

const NOW = new Date('2026-03-01T12:00:00Z').getTime();
const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  logger.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session validity (5 and 10 minute thresholds)', () => {
  it('is valid while more than 5 minutes remain and needs refresh within 10', () => {
    const session = { expiresAt: NOW + 30 * MINUTE };
    expect(isSessionValid(session)).toBe(true);
    expect(needsRefresh(session)).toBe(false);

    vi.setSystemTime(NOW + 20 * MINUTE - 1); // 10 min + 1 ms left
    expect(needsRefresh(session)).toBe(false);
    vi.setSystemTime(NOW + 20 * MINUTE); // exactly 10 min left
    expect(needsRefresh(session)).toBe(true);
    expect(isSessionValid(session)).toBe(true);

    vi.setSystemTime(NOW + 25 * MINUTE - 1); // 5 min + 1 ms left
    expect(isSessionValid(session)).toBe(true);
    vi.setSystemTime(NOW + 25 * MINUTE); // exactly 5 min left
    expect(isSessionValid(session)).toBe(false);
    vi.setSystemTime(NOW + 31 * MINUTE); // expired
    expect(isSessionValid(session)).toBe(false);
  });
});

describe('stored session', () => {
  it('is present only when token, user data and expiry are all stored', () => {
    storeSignedInSession();
    expect(readStoredSession()?.user).toEqual(TEST_USER);
    localStorage.removeItem(STORAGE_KEYS.expiry);
    expect(readStoredSession()).toBeNull();
  });

  it('clears corrupt data, legacy keys included, and logs the error', () => {
    storeSignedInSession();
    localStorage.setItem('auth_token', 'legacy');
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(readStoredSession()).toBeNull();
    for (const key of [...Object.values(STORAGE_KEYS), 'auth_token'])
      expect(localStorage.getItem(key)).toBeNull();
    expect(logger.getRecentLogs().some((entry) => entry.level === 'error')).toBe(true);
  });

  it("keeps the contract's user as it came, and refuses a user or token that is not the contract's", () => {
    const user = { ...TEST_USER, is_admin: false };
    expect(sessionFromTokens(tokenResponse({ user }))?.user).toEqual(user);
    expect(
      sessionFromTokens({ access_token: 'a', expires_in: 60, user: { id: 7, username: 'x', email: 'e' } }),
    ).toBeNull();
    expect(sessionFromTokens({ expires_in: 60, user: TEST_USER })).toBeNull();
  });

  it('treats a stored user in another shape as corrupt', () => {
    storeSignedInSession();
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u-1', username: 'admin', isAdmin: true }));
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });
});

describe('refreshSession', () => {
  it('sends both tokens and stores the new ones', async () => {
    storeSignedInSession({ expiresAt: NOW + 8 * MINUTE });
    const { calls } = mockFetch(() =>
      jsonResponse(tokenResponse({ access_token: 'access-2', refresh_token: 'refresh-2' })),
    );
    const session = await refreshSession();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/v1/auth/refresh-token',
      method: 'POST',
      body: undefined,
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer access-1',
        'refresh-token': 'refresh-1',
      },
    });
    expect(session).toMatchObject({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      expiresAt: NOW + 1800 * 1000,
    });
    expect(readStoredSession()).toEqual({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      expiresAt: NOW + 1_800_000,
      user: TEST_USER,
    });
  });

  it('stores a rotated refresh token and updated user', async () => {
    storeSignedInSession();
    mockFetch(() =>
      jsonResponse(
        tokenResponse({
          access_token: 'access-2',
          refresh_token: 'refresh-2',
          user: { ...TEST_USER, username: 'renamed' },
        }),
      ),
    );
    await refreshSession();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(readStoredSession()?.user.username).toBe('renamed');
  });

  it('uses the tokens another tab stored while this one waited, instead of replaying the used one', async () => {
    storeSignedInSession({ expiresAt: NOW + 8 * MINUTE });
    const otherTab = { accessToken: 'access-2', refreshToken: 'refresh-2', expiresAt: NOW + 30 * MINUTE };
    let releaseOtherTab = () => {};
    const otherTabHoldsLock = new Promise<void>((resolve) => {
      releaseOtherTab = resolve;
    });
    const locks = {
      request: async (_name: string, run: () => Promise<unknown>) => {
        await otherTabHoldsLock;
        return run();
      },
    };
    vi.stubGlobal('navigator', { ...navigator, locks });
    const { spy } = mockFetch(() => jsonResponse(tokenResponse({ access_token: 'access-3' })));
    const pending = refreshSession();
    storeSignedInSession(otherTab);
    releaseOtherTab();
    expect(await pending).toMatchObject(otherTab);
    expect(spy).not.toHaveBeenCalled();
  });

  it('clears every stored token when the server refuses, and logs the status', async () => {
    storeSignedInSession();
    mockFetch(() => jsonResponse({ success: false, message: 'Invalid or expired refresh token' }, 401));
    expect(await refreshSession()).toBeNull();
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(logger.getRecentLogs().at(-1)?.message).toContain('401');
  });

  it('clears the tokens on a network failure', async () => {
    storeSignedInSession();
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await refreshSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('gives up after 30 s when the server stalls: logs, clears the tokens and releases the lock', async () => {
    storeSignedInSession();
    mockFetch(() => new Promise<Response>(() => {}));
    let lockHeld = false;
    const locks = {
      request: async (_name: string, run: () => Promise<unknown>) => {
        lockHeld = true;
        try {
          return await run();
        } finally {
          lockHeld = false;
        }
      },
    };
    vi.stubGlobal('navigator', { ...navigator, locks });
    let settled = false;
    const pending = refreshSession().finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe(false);
    expect(lockHeld).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeNull();
    expect(lockHeld).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(logger.getRecentLogs().at(-1)).toMatchObject({ level: 'error' });
    expect(JSON.stringify(logger.getRecentLogs().at(-1))).toContain('timed out');
  });

  it('without a refresh token: warns, returns nothing and leaves the session alone', async () => {
    storeSignedInSession({ refreshToken: undefined });
    const { spy } = mockFetch(() => jsonResponse(tokenResponse()));
    expect(await refreshSession()).toBeNull();
    expect(spy).not.toHaveBeenCalled();
    expect(readStoredSession()?.accessToken).toBe('access-1');
    expect(logger.getRecentLogs().at(-1)?.level).toBe('warn');
  });
});
