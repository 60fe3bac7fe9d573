import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_CONFIG } from '@/lib/app-config.ts';
import { STORAGE_KEYS } from '@/lib/session-storage.ts';
import { jsonResponse, mockFetch, offContract } from '@/testing/mock-fetch.ts';
import { renderApp, tokenResponse } from '@/testing/render-app.tsx';

async function submit(username = 'admin', password = 'secret') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('login form', () => {
  it('requires both fields before calling the server', async () => {
    const { spy } = mockFetch(() => jsonResponse(tokenResponse()));
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('reads "Signing in..." while busy, then opens the dashboard', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { router } = renderApp('/login');
    await submit();
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    answer(jsonResponse(tokenResponse()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('a');
  });

  it('starts fetching the console once the password is accepted, not before', async () => {
    mockFetch(() => jsonResponse(tokenResponse()));
    const preload = vi.fn();
    renderApp('/login', undefined, preload);
    await screen.findByLabelText('Username');
    expect(preload).not.toHaveBeenCalled();
    await submit();
    await waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
  });

  it.each([
    [401, { success: false, message: 'Invalid username or password' }, 'Invalid username or password'],
    [403, { success: false, message: 'Account is deactivated' }, 'Account is deactivated'],
    [
      429,
      { success: false, message: 'Too many failed sign-in attempts. Try again later.' },
      'Too many failed sign-in attempts. Try again later.',
    ],
    [200, { success: true }, 'Login failed. Please try again.'],
  ])('status %i shows the matching message', async (status, body, message) => {
    // A 200 without tokens breaks the contract on purpose: the form must still cope.
    mockFetch(() => (status === 200 ? offContract(jsonResponse(body)) : jsonResponse(body, status)));
    renderApp('/login');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it("shows the generic failure for a proxy's HTML 502 page", async () => {
    mockFetch(() => new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502 }));
    renderApp('/login');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('moves keyboard focus to the message after each failed sign-in', async () => {
    mockFetch(() => jsonResponse({ success: false, message: 'Invalid username or password' }, 401));
    renderApp('/login');
    const user = await submit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
  });

  it('shows the network error when the server cannot be reached', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/login');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error: Unable to connect to server');
  });

  it('shows the demo credentials only when the config says demo is on', async () => {
    const demo = { enabled: true, credentials: { username: 'demo-admin', password: 'Demo!Pass1' } };
    const first = renderApp('/login', { ...DEFAULT_APP_CONFIG, demo });
    const hint = await screen.findByRole('complementary', { name: 'Demo credentials' });
    expect(hint).toHaveTextContent('demo-admin');
    expect(hint).toHaveTextContent('Demo!Pass1');
    first.unmount();

    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('complementary', { name: 'Demo credentials' })).not.toBeInTheDocument();
  });
});
