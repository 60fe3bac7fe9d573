import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session-context.tsx';
import { readStoredSession, STORAGE_KEYS } from '@/lib/session-storage.ts';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { Providers, storeSignedInSession, tokenResponse } from '@/testing/render-app.tsx';

const MINUTE = 60_000;
const refreshed = tokenResponse({ access_token: 'access-2', refresh_token: 'refresh-2' });

function Probe() {
  const { status, user } = useSession();
  return (
    <p data-testid="session">
      {status}:{user?.username ?? 'none'}
    </p>
  );
}

const renderProbe = () =>
  render(
    <Providers>
      <Probe />
    </Providers>,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('SessionProvider', () => {
  it('is signed out when nothing is stored', async () => {
    renderProbe();
    expect(await screen.findByText('signed-out:none')).toBeInTheDocument();
  });

  it('uses a valid stored token without calling the server', async () => {
    storeSignedInSession();
    const { spy } = mockFetch(() => jsonResponse(tokenResponse()));
    renderProbe();
    expect(await screen.findByText('signed-in:admin')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('refreshes an expired token with the stored refresh token on load', async () => {
    storeSignedInSession({ expiresAt: Date.now() - MINUTE });
    const { calls } = mockFetch(() => jsonResponse(refreshed));
    renderProbe();
    expect(await screen.findByText('signed-in:admin')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/auth/refresh-token']);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-2');
  });

  it('signs out when the refresh on load is refused', async () => {
    storeSignedInSession({ expiresAt: Date.now() - MINUTE });
    mockFetch(() => jsonResponse({ success: false, message: 'Invalid or expired refresh token' }, 401));
    renderProbe();
    expect(await screen.findByText('signed-out:none')).toBeInTheDocument();
    expect(readStoredSession()).toBeNull();
  });

  it('refreshes once the token enters the 10-minute threshold', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSignedInSession({ expiresAt: Date.now() + 15 * MINUTE });
    const { calls } = mockFetch(() => jsonResponse(refreshed));
    renderProbe();
    expect(await screen.findByText('signed-in:admin')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(5 * MINUTE - 1000));
    expect(calls).toHaveLength(0);
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/auth/refresh-token']);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('clears the session when any API call answers 401', async () => {
    storeSignedInSession();
    mockFetch(() => jsonResponse({ success: false, message: 'Not authenticated' }, 401));
    renderProbe();
    expect(await screen.findByText('signed-in:admin')).toBeInTheDocument();
    await act(async () => {
      await expect(apiRequest('/admin/public/users')).rejects.toMatchObject({ status: 401 });
    });
    expect(screen.getByTestId('session')).toHaveTextContent('signed-out:none');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it("forgets the previous session's cached data when another tab signs out", async () => {
    storeSignedInSession();
    let cache: QueryClient | undefined;
    function Cached() {
      cache = useQueryClient();
      return null;
    }
    render(
      <Providers>
        <Probe />
        <Cached />
      </Providers>,
    );
    expect(await screen.findByText('signed-in:admin')).toBeInTheDocument();
    cache?.setQueryData(['users', 'list'], { users: [{ username: 'secret-user' }] });
    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.accessToken, newValue: null }));
    });
    expect(screen.getByTestId('session')).toHaveTextContent('signed-out:none');
    expect(cache?.getQueryData(['users', 'list'])).toBeUndefined();
  });
});
