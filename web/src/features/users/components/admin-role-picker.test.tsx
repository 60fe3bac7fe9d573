import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client.ts';
import { userId } from '../testing/fake-users-server.ts';
import { renderUsersPage } from '../testing/render-users-page.tsx';
import { ME, serveFakeUsers } from '../testing/signed-in-root.ts';

vi.mock('@/lib/session-context.tsx', () => import('../testing/signed-in-root.ts'));

/**
 * Issue #46: a new or promoted admin holds the role the acting admin picks, among the roles the acting
 * admin may give (within their own permissions), and the least privileged one unless another is picked.
 */
let server: ReturnType<typeof serveFakeUsers>;
const rootPermissions = [...ME.permissions];
beforeAll(() => configureApiClient({ getAccessToken: () => 'test-token' }));
beforeEach(() => {
  server = serveFakeUsers();
});
afterEach(() => {
  Object.assign(ME, { is_root_admin: true, permissions: rootPermissions });
});

/** The signed-in admin is not root and holds only these permissions. */
const signedInHolding = (permissions: string[]) => Object.assign(ME, { is_root_admin: false, permissions });

const optionsOf = async (
  dialog: ReturnType<typeof within>,
  user: ReturnType<typeof renderUsersPage>['user'],
) => {
  await user.click(await dialog.findByRole('combobox', { name: 'Role' }));
  const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
  return names;
};

const sent = (method: string, path: string) =>
  waitFor(() => {
    const request = server.requests.find((r) => r.method === method && r.path === path);
    expect(request).toBeDefined();
    return request?.body;
  });

describe('the role of a new or promoted admin', () => {
  it('Add User: checking Admin asks for a role, Viewer unless another is picked', async () => {
    const { user } = renderUsersPage();
    await screen.findByText(/@user10 ·/);
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = within(await screen.findByRole('dialog', {}, { timeout: 10_000 }));
    expect(dialog.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText('Username'), 'newadmin');
    await user.type(dialog.getByLabelText('Email'), 'newadmin@example.com');
    await user.type(dialog.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(dialog.getByRole('checkbox', { name: 'Admin' }));

    const role = await dialog.findByRole('combobox', { name: 'Role' });
    await waitFor(() => expect(role).toHaveTextContent('Viewer'));
    // Root may give every role, the least privileged first.
    expect(await optionsOf(dialog, user)).toEqual([
      'Coin desk',
      'Support',
      'Finance',
      'Moderator',
      'Viewer',
      'Admin',
    ]);
    await user.click(screen.getByRole('option', { name: 'Finance' }));
    await user.click(dialog.getByRole('button', { name: 'Add User' }));
    expect(await sent('POST', '/api/v1/admin/users')).toMatchObject({ is_admin: true, role_id: 'finance' });
  });

  it('offers only the roles within the acting admin’s own permissions, the least privileged by default', async () => {
    // An admin desk: it manages admins and users and reads coins, but may not give Viewer or Admin.
    signedInHolding(['admins:manage', 'users:read', 'users:write', 'coins:read']);
    const { user } = renderUsersPage();
    await screen.findByText(/@user2 ·/);
    await user.click(screen.getByRole('button', { name: 'Make Admin: user2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Make user2 admin' }));
    const role = await dialog.findByRole('combobox', { name: 'Role' });
    await waitFor(() => expect(role).toHaveTextContent('Coin desk'));
    expect(await optionsOf(dialog, user)).toEqual(['Coin desk', 'Support']);
    await user.keyboard('{Escape}');
    await user.click(dialog.getByRole('button', { name: 'Make Admin' }));
    expect(await sent('PATCH', `/api/v1/admin/users/${userId(2)}/admin`)).toEqual({
      is_admin: true,
      role_id: 'r-coins',
    });
  });

  it('sends the picked role with the bulk Make Admin, and nothing until the admin confirms', async () => {
    const { user } = renderUsersPage();
    await screen.findByText(/@user2 ·/);
    await user.click(screen.getByRole('checkbox', { name: 'Select user2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select user3' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', {
        name: 'Make Admin',
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Make 2 users admin' }));
    expect(server.requests.some((r) => r.path === '/api/v1/admin/users/bulk')).toBe(false);
    await optionsOf(dialog, user);
    await user.click(screen.getByRole('option', { name: 'Support' }));
    await user.click(dialog.getByRole('button', { name: 'Make Admin' }));
    expect(await sent('POST', '/api/v1/admin/users/bulk')).toEqual({
      action: 'make_admin',
      user_ids: [userId(2), userId(3)],
      role_id: 'support',
    });
  });
});
