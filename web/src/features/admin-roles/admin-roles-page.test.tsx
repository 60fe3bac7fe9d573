import { type AdminRole, ROLE_MESSAGES } from '@switchboard/contract/admin-roles';
import { BUILT_IN_ROLES } from '@switchboard/contract/permissions';
import type { AdminUserRow } from '@switchboard/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client.ts';
import type { FetchCall } from '@/testing/fetch-call.ts';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { TEST_USER } from '@/testing/render-app.tsx';
import { renderScreen } from '@/testing/render-screen.tsx';
import { AdminRolesPage, DELETE_ROLE_CONFIRMATION } from './admin-roles-page.tsx';

const AT = '2026-11-01T10:00:00.000Z';
const builtIn: AdminRole[] = BUILT_IN_ROLES.map((r) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  built_in: true,
  permissions: [...r.permissions],
  admins: r.id === 'admin' ? 1 : 0,
  created_at: AT,
  updated_at: AT,
}));
const custom = (over: Partial<AdminRole>): AdminRole => ({
  id: 'r-1',
  name: 'Coin desk',
  description: '',
  built_in: false,
  permissions: ['coins:read'],
  admins: 0,
  created_at: AT,
  updated_at: AT,
  ...over,
});
const admin = (over: Partial<AdminUserRow>): AdminUserRow => ({
  id: '00000000-0000-4000-8000-000000000002',
  username: 'agent',
  deleted_at: null,
  email: 'agent@example.test',
  full_name: null,
  is_online: false,
  is_admin: true,
  is_root_admin: false,
  admin_role_id: 'admin',
  is_active: true,
  coin_balance: 0,
  total_earned: 0,
  total_spent: 0,
  created_at: AT,
  last_login: null,
  ...over,
});

/** The roles API and the admins list, answering `write` for every change. */
function serve(roles: AdminRole[], write: (call: FetchCall) => Response = () => jsonResponse({})) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/v1/admin/roles')
      return jsonResponse({ success: true, data: { roles } });
    if (call.method === 'GET' && call.url.startsWith('/api/v1/admin/public/users'))
      return jsonResponse({
        success: true,
        data: {
          users: [admin({ id: TEST_USER.id, username: 'root', is_root_admin: true }), admin({})],
          total: 2,
          page: 1,
          limit: 10,
          total_pages: 1,
          total_capped: false,
          next_cursor: null,
        },
      });
    return write(call);
  });
}

beforeAll(() => configureApiClient({ getAccessToken: () => 'token' }));

// Dialogs with many boxes, under a busy machine: more than the default five seconds.
describe('Admin Roles screen', { timeout: 20_000 }, () => {
  it('lists the templates read-only (copy only) and a custom role with Edit and Delete', async () => {
    serve([...builtIn, custom({ admins: 2 })]);
    renderScreen(<AdminRolesPage />);
    const table = await screen.findByRole('table', { name: 'Roles' });
    const rowOf = (name: string) => {
      const row = within(table).getByText(name).closest('tr');
      if (!row) throw new Error(name);
      return within(row);
    };
    expect(rowOf('Viewer').getByRole('button', { name: 'Copy Viewer' })).toBeInTheDocument();
    expect(rowOf('Viewer').queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(rowOf('Viewer').queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(rowOf('Coin desk').getByRole('button', { name: 'Edit Coin desk' })).toBeEnabled();
    // Held by two admins: deleting it is not offered until they hold another role.
    const del = rowOf('Coin desk').getByRole('button', { name: 'Delete Coin desk' });
    expect(del).toBeDisabled();
    expect(del).toHaveAttribute('title', ROLE_MESSAGES.inUse(2));
  });

  it('makes a custom role by ticking read and write per area and a dangerous action', async () => {
    const { calls } = serve(builtIn, (call) =>
      jsonResponse(
        {
          success: true,
          message: ROLE_MESSAGES.created,
          data: custom({
            id: 'r-2',
            permissions: (call.body as { permissions: AdminRole['permissions'] }).permissions,
          }),
        },
        201,
      ),
    );
    const { user } = renderScreen(<AdminRolesPage />);
    await user.click(await screen.findByRole('button', { name: 'New Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Role' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Coin desk');
    // Writing an area ticks reading it too.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Coins: write' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Coins: read' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Calls: read' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Download backups' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Role' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v1/admin/roles');
    expect(post?.body).toMatchObject({ name: 'Coin desk', description: '' });
    expect([...((post?.body as { permissions: string[] } | undefined)?.permissions ?? [])].sort()).toEqual([
      'backups:download',
      'calls:read',
      'coins:read',
      'coins:write',
    ]);
    expect(await screen.findByText(ROLE_MESSAGES.created)).toBeInTheDocument();
  });

  it('copies a built-in template into a new role, since templates cannot be changed', async () => {
    serve(builtIn);
    const { user } = renderScreen(<AdminRolesPage />);
    await user.click(await screen.findByRole('button', { name: 'Copy Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Support (copy)');
    expect(within(dialog).getByRole('checkbox', { name: 'Users: write' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Trust & safety: write' })).not.toBeChecked();
  });

  it('deletes an unused custom role only after confirming', async () => {
    const { calls } = serve([...builtIn, custom({})], () =>
      jsonResponse({ success: true, message: ROLE_MESSAGES.deleted }),
    );
    const { user } = renderScreen(<AdminRolesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Coin desk' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(DELETE_ROLE_CONFIRMATION);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Coin desk' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v1/admin/roles/r-1'),
    );
    expect(await screen.findByText(ROLE_MESSAGES.deleted)).toBeInTheDocument();
  });

  it('gives an admin another role after a confirmation; root admins have no role to change', async () => {
    const { calls } = serve(builtIn, () => jsonResponse({ success: true, message: ROLE_MESSAGES.assigned }));
    const { user } = renderScreen(<AdminRolesPage />);
    const admins = await screen.findByRole('table', { name: 'Admins' });
    expect(await within(admins).findByText('Root: every permission')).toBeInTheDocument();
    await user.click(within(admins).getByRole('combobox', { name: 'Role of agent' }));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('agent will hold Viewer');
    await user.click(within(confirm).getByRole('button', { name: 'Change role' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: '/api/v1/admin/users/00000000-0000-4000-8000-000000000002/role',
        body: { role_id: 'viewer' },
      }),
    );
    expect(await screen.findByText(ROLE_MESSAGES.assigned)).toBeInTheDocument();
  });

  it('offers only what the maker holds: an admin manager cannot tick a dangerous action they lack', async () => {
    serve(builtIn);
    const manager = {
      ...TEST_USER,
      is_root_admin: false,
      role: { id: 'm', name: 'Manager' },
      permissions: [...(BUILT_IN_ROLES[0]?.permissions ?? []), 'admins:manage' as const],
    };
    const { user } = renderScreen(<AdminRolesPage />, '/', manager);
    await user.click(await screen.findByRole('button', { name: 'New Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    expect(within(dialog).getByRole('checkbox', { name: 'Download backups' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Manage admins and roles' })).toBeEnabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Users: write' })).toBeEnabled();
  });
});
