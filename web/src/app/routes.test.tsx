import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONSOLE_SCREENS } from '@/app/console-screens.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { renderApp, storeSignedInSession, TEST_USER, tokenResponse } from '@/testing/render-app.tsx';

const path = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname;

const LOGGED_OUT = { success: true, message: 'Logged out' };

/** Answers the sign-in and sign-out calls; the screens' own requests stay pending, as they do not matter here. */
const answerAuthOnly = (answers: Record<string, unknown>) =>
  mockFetch((call) =>
    call.url in answers ? jsonResponse(answers[call.url]) : new Promise<Response>(() => {}),
  );

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Username'), 'admin');
  await user.type(screen.getByLabelText('Password'), 'secret');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('routes while signed out', () => {
  it('sends a guarded path to /login and back there after signing in', async () => {
    answerAuthOnly({ '/api/v1/auth/login': tokenResponse() });
    const { router } = renderApp('/calls?tab=recent');
    // The login screen's module is compiled on first import in the test run; a busy machine can take seconds.
    await waitFor(() => expect(path(router)).toBe('/login'), { timeout: 10_000 });
    await waitFor(() => expect(document.title).toBe('Sign In · Switchboard'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Calls Management' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/calls?tab=recent');
  }, 20_000);

  it.each(['/no-such-page', '/landing'])('redirects %s to the landing page', async (start) => {
    const { router } = renderApp(start);
    await waitFor(() => expect(path(router)).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'every call, user and coin under control',
    );
  });

  it('landing page links Sign In and Get Started to /login', async () => {
    renderApp('/');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('99.9%')).toBeInTheDocument();
    expect(screen.getByText('24/7')).toBeInTheDocument();
  });

  it('renders /factory-reset with a way back, which leads a signed-out visitor to /login', async () => {
    const { router } = renderApp('/factory-reset');
    expect(await screen.findByRole('heading', { name: 'Factory Reset' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Return to Dashboard' }));
    await waitFor(() => expect(path(router)).toBe('/login'));
  });
});

describe('routes while signed in', () => {
  it.each(['/login', '/', '/unknown/path'])('sends %s to /dashboard', async (start) => {
    storeSignedInSession();
    const { router } = renderApp(start);
    await waitFor(() => expect(path(router)).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it.each([
    '/dashboard',
    '/analytics',
    '/users',
    '/calls',
    '/coin-management',
    '/notifications',
    '/database',
    '/security',
    '/system-logs',
    '/user-reports',
    '/geolocation',
    '/social-interactions',
    '/official-messaging',
    '/settings',
    '/performance',
    '/monitor',
  ])('opens spec route %s with its sidebar entry marked current', async (route) => {
    storeSignedInSession();
    mockFetch(() => jsonResponse({ success: false, message: 'Not found' }, 404));
    const { router } = renderApp(route);
    // The screen's module is compiled on first import in the test run; a busy machine can take seconds.
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 10_000 });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { current: 'page' })).toHaveAttribute('href', route),
    );
    expect(path(router)).toBe(route);
    // Each screen names the browser tab after itself.
    const title = CONSOLE_SCREENS.find((s) => s.path === route)?.title;
    expect(document.title).toBe(`${title} · Switchboard`);
  });

  it('names the browser tab after the screen, and renames it on the next screen', async () => {
    storeSignedInSession();
    mockFetch(() => jsonResponse({ success: false, message: 'Not found' }, 404));
    const { router } = renderApp('/calls');
    await waitFor(() => expect(document.title).toBe('Calls · Switchboard'), { timeout: 10_000 });
    await act(() => router.navigate('/settings?tab=api'));
    await waitFor(() => expect(document.title).toBe('Settings · Switchboard'));
    await act(() => router.navigate('/account'));
    await waitFor(() => expect(document.title).toBe('Account · Switchboard'));
  });

  it('shows the shell: every screen in the sidebar, the user and Logout', async () => {
    storeSignedInSession();
    renderApp('/coin-management');
    expect(await screen.findByRole('heading', { name: 'Coin Management' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Coin Management' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Every route but /login: the 19 console screens (Admin Roles, Purchases and Webhooks too) and factory
    // reset. Root admin registration is gone: the signed-in root is one.
    expect(within(nav).getAllByRole('link')).toHaveLength(20);
    expect(within(nav).getByRole('link', { name: 'Admin Roles' })).toHaveAttribute('href', '/settings/roles');
    expect(within(nav).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('href', '/settings/webhooks');
    expect(within(nav).queryByRole('link', { name: /login/i })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Root Admin Registration/ })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Factory Reset Root only' })).toHaveAttribute(
      'href',
      '/factory-reset',
    );
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    expect(screen.getByText(TEST_USER.email)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('logs out: tells the server, clears the session and lands on /login', async () => {
    storeSignedInSession();
    const { calls } = answerAuthOnly({ '/api/v1/auth/logout': LOGGED_OUT });
    const { router } = renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(path(router)).toBe('/login'));
    expect(calls.find((call) => call.url === '/api/v1/auth/logout')).toMatchObject({
      url: '/api/v1/auth/logout',
      method: 'POST',
      headers: { 'refresh-token': 'refresh-1' },
    });
    expect(localStorage.getItem('admin_auth_token')).toBeNull();
  });

  it('/factory-reset returns a signed-in admin to the dashboard', async () => {
    storeSignedInSession();
    const { router } = renderApp('/factory-reset');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Return to Dashboard' }));
    await waitFor(() => expect(path(router)).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('after Logout, the next sign-in (any admin) starts at /dashboard, not the page left', async () => {
    storeSignedInSession();
    answerAuthOnly({
      '/api/v1/auth/logout': LOGGED_OUT,
      '/api/v1/auth/login': tokenResponse({ user: { ...TEST_USER, id: 'u-2', username: 'other' } }),
    });
    const { router } = renderApp('/calls?tab=recent');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(path(router)).toBe('/login'));
    expect(router.state.location.state).toBeNull();
    await signIn(user);
    await waitFor(() => expect(path(router)).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('when the session ends on its own (401), signing in again returns to the page', async () => {
    storeSignedInSession();
    // Only the probe below answers 401; the screen's own requests stay pending until then.
    mockFetch((call) =>
      call.url === '/api/v1/auth/login'
        ? jsonResponse(tokenResponse())
        : call.url === '/api/v1/admin/public/calls'
          ? jsonResponse({ success: false, message: 'Not authenticated' }, 401)
          : new Promise<Response>(() => {}),
    );
    const { router } = renderApp('/calls?tab=recent');
    expect(await screen.findByRole('heading', { name: 'Calls Management' })).toBeInTheDocument();
    await act(async () => {
      await apiRequest('/admin/public/calls').catch(() => {});
    });
    await waitFor(() => expect(path(router)).toBe('/login'));
    await signIn(userEvent.setup());
    expect(await screen.findByRole('heading', { name: 'Calls Management' })).toBeInTheDocument();
    expect(`${path(router)}${router.state.location.search}`).toBe('/calls?tab=recent');
  });

  it('opens the navigation slide-over from the menu button and closes it on navigation', async () => {
    storeSignedInSession();
    const { router } = renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const sheet = await screen.findByRole('dialog');
    await user.click(within(sheet).getByRole('link', { name: 'Security' }));
    await waitFor(() => expect(path(router)).toBe('/security'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes the slide-over when the window widens to the fixed-sidebar breakpoint', async () => {
    const listeners = new Set<() => void>();
    const wide = {
      matches: false,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
    vi.stubGlobal('matchMedia', (query: string) => {
      expect(query).toBe('(min-width: 1024px)');
      return wide;
    });
    storeSignedInSession();
    renderApp('/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Open navigation' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    wide.matches = true;
    act(() => {
      for (const listener of listeners) listener();
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.style.pointerEvents).not.toBe('none');
  });
});
