import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FetchCall } from '@/testing/fetch-call.ts';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { renderApp, storeSignedInSession } from '@/testing/render-app.tsx';

const OPEN = { success: true, enabled: true, existing_root_admins: 0 };
const VALID = {
  Username: 'root_admin',
  Email: 'root@example.com',
  Password: 'Str0ng!Pass',
  'Confirm Password': 'Str0ng!Pass',
};

function serve(
  register: (call: FetchCall) => Response = () => jsonResponse({ success: true, message: 'ok' }, 201),
  status = OPEN,
) {
  return mockFetch((call) => (call.url.endsWith('/status') ? jsonResponse(status) : register(call)));
}

async function fill(values: Partial<Record<keyof typeof VALID, string>>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    const input = await screen.findByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.click(screen.getByRole('button', { name: 'Register Root Admin' }));
  return user;
}

describe('root admin registration', () => {
  it.each([
    [{ ...VALID, Username: '' }, 'Username is required'],
    [{ ...VALID, Username: 'ab' }, 'Username must be at least 3 characters'],
    [
      { ...VALID, Username: 'bad name!' },
      'Username can only contain letters, numbers, hyphens, and underscores',
    ],
    [{ ...VALID, Email: '' }, 'Email is required'],
    [{ ...VALID, Email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ ...VALID, Password: '', 'Confirm Password': '' }, 'Password is required'],
    [
      { ...VALID, Password: 'Sh0rt!', 'Confirm Password': 'Sh0rt!' },
      'Password must be at least 8 characters',
    ],
    [
      { ...VALID, Password: 'alllowercase1!', 'Confirm Password': 'alllowercase1!' },
      'Password must contain uppercase, lowercase, number, and special character',
    ],
    [{ ...VALID, 'Confirm Password': '' }, 'Please confirm your password'],
    [{ ...VALID, 'Confirm Password': 'Different!1A' }, 'Passwords do not match'],
  ])('shows the spec message for %o', async (values, message) => {
    const { calls } = serve();
    renderApp('/admin_root_admin');
    await fill(values);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('clears a field error as soon as the field is edited', async () => {
    serve();
    renderApp('/admin_root_admin');
    const user = await fill({ ...VALID, Username: 'ab' });
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'c');
    expect(screen.queryByText('Username must be at least 3 characters')).not.toBeInTheDocument();
  });

  it('shows server field errors under the field and other failures in an alert', async () => {
    let attempt = 0;
    serve(() =>
      attempt++ === 0
        ? jsonResponse(
            {
              success: false,
              message: 'Username is already taken',
              errors: [{ field: 'username', message: 'Username is already taken' }],
            },
            409,
          )
        : jsonResponse({ success: false, message: 'Root admin registration is disabled' }, 403),
    );
    renderApp('/admin_root_admin');
    const user = await fill(VALID);
    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register Root Admin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Root admin registration is disabled');
  });

  it('focuses the first field the server rejected', async () => {
    serve(() =>
      jsonResponse(
        {
          success: false,
          message: 'Validation failed',
          errors: [
            { field: 'username', message: 'Username is already taken' },
            { field: 'email', message: 'Email is already registered' },
          ],
        },
        409,
      ),
    );
    renderApp('/admin_root_admin');
    await fill(VALID);
    expect(await screen.findByText('Email is already registered')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
  });

  it.each([
    [
      'the detail text first',
      () => jsonResponse({ success: false, message: 'Conflict', detail: 'A root admin already exists' }, 409),
      'A root admin already exists',
    ],
    [
      "the generic failure for a proxy's HTML 502",
      () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502 }),
      'Registration failed. Please try again.',
    ],
    [
      'the network message when offline',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Network error: Unable to connect to server',
    ],
  ])('shows %s and moves focus to it', async (_, answer, message) => {
    mockFetch((call) =>
      call.url.endsWith('/status') ? jsonResponse(OPEN) : (answer() as Response | Promise<Response>),
    );
    renderApp('/admin_root_admin');
    await fill(VALID);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('registers, shows success and goes to /login after 3 s', async () => {
    const { calls } = serve();
    const { router } = renderApp('/admin_root_admin');
    await fill({ ...VALID, Email: 'Root@Example.com' });
    expect(await screen.findByText('Registration Successful!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/v1/admin_root_admin/register',
      body: {
        username: 'root_admin',
        email: 'root@example.com',
        password: 'Str0ng!Pass',
        confirm_password: 'Str0ng!Pass',
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 4000 });
  });

  it('explains in a dialog that disabling is automatic', async () => {
    serve();
    renderApp('/admin_root_admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable Registration' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'disabled automatically once the root administrator is created',
    );
  });

  it('shows the disabled view, with the note when a root admin exists', async () => {
    serve(undefined, { success: true, enabled: false, existing_root_admins: 1 });
    renderApp('/admin_root_admin');
    expect(await screen.findByText('Registration Disabled')).toBeInTheDocument();
    expect(screen.getByText(/A root administrator already exists/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it('signed in, shows the closed registration inside the console, with its status and why', async () => {
    mockFetch((call) =>
      call.url.endsWith('/status')
        ? jsonResponse({ success: true, enabled: false, existing_root_admins: 1 })
        : new Promise<Response>(() => {}),
    );
    storeSignedInSession();
    renderApp('/admin_root_admin');
    expect(await screen.findByText('Registration Disabled', {}, { timeout: 10_000 })).toBeInTheDocument();
    // The sidebar is there: the page is no dead end.
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('Dashboard');
    expect(screen.getByText(/A root administrator already exists/)).toBeInTheDocument();
    expect(screen.getByText('Existing root admins').nextElementSibling).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: 'Root Admin settings' })).toHaveAttribute(
      'href',
      '/settings?tab=root-admin',
    );
    expect(screen.queryByRole('link', { name: 'Go to Login' })).not.toBeInTheDocument();
  });

  it('treats a failed status check as disabled, without the note', async () => {
    mockFetch(() => jsonResponse({ success: false, message: 'boom' }, 500));
    renderApp('/admin_root_admin');
    expect(await screen.findByText('Registration Disabled')).toBeInTheDocument();
    expect(screen.queryByText(/A root administrator already exists/)).not.toBeInTheDocument();
  });
});
