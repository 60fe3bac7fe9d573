import { BUILT_IN_ROLES, NO_ACCESS_MESSAGE } from '@switchboard/contract/permissions';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { renderApp, storeSignedInSession, TEST_USER } from '@/testing/render-app.tsx';

const support = BUILT_IN_ROLES.find((r) => r.id === 'support');
const SUPPORT_USER = {
  ...TEST_USER,
  is_root_admin: false,
  role: { id: 'support', name: 'Support' },
  permissions: [...(support?.permissions ?? [])],
};

describe('the console follows the role', () => {
  it('lists only the areas a Support admin can read, and refuses a typed URL to Database', async () => {
    // The screens' own requests stay pending: only what the console offers matters here.
    mockFetch(() => new Promise<Response>(() => {}));
    storeSignedInSession({ user: SUPPORT_USER });
    const { router } = renderApp('/database');
    expect(await screen.findByText(NO_ACCESS_MESSAGE, {}, { timeout: 10_000 })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('Users');
    expect(nav).toHaveTextContent('User Reports');
    expect(nav).not.toHaveTextContent('Database');
    expect(nav).not.toHaveTextContent('Dashboard');
    expect(nav).not.toHaveTextContent('Coin Management');

    // An unknown path lands on the first screen the role can read, not on a refused dashboard.
    await router.navigate('/no-such-page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });

  it('keeps Admin Roles to admins:manage: a Viewer has no entry and is refused the typed URL', async () => {
    mockFetch(() => new Promise<Response>(() => {}));
    const viewer = BUILT_IN_ROLES.find((r) => r.id === 'viewer');
    storeSignedInSession({
      user: {
        ...TEST_USER,
        is_root_admin: false,
        role: { id: 'viewer', name: 'Viewer' },
        permissions: [...(viewer?.permissions ?? [])],
      },
    });
    renderApp('/settings/roles');
    expect(await screen.findByText(NO_ACCESS_MESSAGE, {}, { timeout: 10_000 })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('Settings');
    expect(nav).not.toHaveTextContent('Admin Roles');
    expect(screen.queryByRole('button', { name: 'New Role' })).not.toBeInTheDocument();
  });

  it('lists Root Admin Registration only while the server says no root administrator exists', async () => {
    const status = { success: true, enabled: true, existing_root_admins: 0 };
    const { calls } = mockFetch((call) =>
      call.url === '/api/v1/admin_root_admin/status' ? jsonResponse(status) : new Promise<Response>(() => {}),
    );
    storeSignedInSession({ user: SUPPORT_USER });
    const first = renderApp('/users');
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 10_000 });
    await waitFor(() => expect(nav).toHaveTextContent('Root Admin Registration'));
    first.unmount();

    status.enabled = false;
    status.existing_root_admins = 1;
    renderApp('/users');
    const after = await screen.findByRole('navigation', { name: 'Main' });
    const asked = () => calls.filter((call) => call.url === '/api/v1/admin_root_admin/status').length;
    await waitFor(() => expect(asked()).toBe(2));
    await waitFor(() => expect(after).toHaveTextContent('Users'));
    expect(after).not.toHaveTextContent('Root Admin Registration');
  });
});
