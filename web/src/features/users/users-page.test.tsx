import { type AdminUserRow, USER_ACTION_MESSAGES, USER_RULE_MESSAGES } from '@switchboard/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client.ts';
import { jsonResponse } from '@/testing/mock-fetch.ts';
import { OWN_ROW_NOT_SELECTABLE } from './columns.tsx';
import { makeUsers, userId } from './testing/fake-users-server.ts';
import { renderUsersPage } from './testing/render-users-page.tsx';
import { serveFakeUsers } from './testing/signed-in-root.ts';

vi.mock('@/lib/session-context.tsx', () => import('./testing/signed-in-root.ts'));

let server: ReturnType<typeof serveFakeUsers>;

beforeAll(() => {
  configureApiClient({ getAccessToken: () => 'test-token' });
});

beforeEach(() => {
  server = serveFakeUsers();
});

/** The 23 users with `change` applied to those it names: the server's rows after an action succeeded. */
const usersAfter = (change: (user: AdminUserRow) => AdminUserRow | null) =>
  makeUsers().flatMap((user) => change(user) ?? []);

const lastListQuery = () => server.listRequests().at(-1)?.query ?? new URLSearchParams();
const bulkButton = (name: string) =>
  within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name });
const row = (username: string) => {
  const cell = screen.getByText(new RegExp(`@${username} ·`));
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${username}`);
  return within(tr);
};

describe('UsersPage', () => {
  it('shows the first page of users from the server with the admin token', async () => {
    renderUsersPage();
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(await screen.findByText(/@user10 ·/)).toBeInTheDocument();
    expect(screen.queryByText(/@user11 ·/)).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1–10 of 23 users')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    const [first] = server.listRequests();
    if (!first) throw new Error('no list request');
    expect(Object.fromEntries(first.query)).toEqual({ page: '1', limit: '10', status: 'all' });
    expect(first.headers.get('Authorization')).toBe('Bearer test-token');
    // Badges come from the row's flags, not invented.
    expect(row('user7').getByText('Inactive')).toBeInTheDocument();
    expect(row('root').getByText('Root')).toBeInTheDocument();
    expect(row('user5').getByText('Admin')).toBeInTheDocument();
    expect(row('user3').getByText('Online')).toBeInTheDocument();
  });

  it('pages with Next and Previous and keeps the page in the URL', async () => {
    const { user } = renderUsersPage();
    await screen.findByText(/@user10 ·/);

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText(/@user11 ·/)).toBeInTheDocument();
    expect(lastListQuery().get('page')).toBe('2');
    expect(screen.getByText('Showing 11–20 of 23 users')).toBeInTheDocument();
    expect(screen.getByTestId('location-search')).toHaveTextContent('?page=2');

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Showing 21–23 of 23 users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(await screen.findByText('Showing 11–20 of 23 users')).toBeInTheDocument();
  });

  it('starts from the page, search and status in the URL', async () => {
    renderUsersPage('/users?page=2&status=offline&search=user');
    await screen.findByText(/Showing 11–/);
    expect(Object.fromEntries(lastListQuery())).toMatchObject({
      page: '2',
      status: 'offline',
      search: 'user',
    });
    expect(screen.getByLabelText('Search users')).toHaveValue('user');
  });

  it('moves a page past the end to the last page', async () => {
    renderUsersPage('/users?page=9');
    expect(await screen.findByText('Showing 21–23 of 23 users')).toBeInTheDocument();
    expect(screen.getByTestId('location-search')).toHaveTextContent('?page=3');
    expect(screen.queryByText('No users found')).not.toBeInTheDocument();
  });

  it('searches on the server after typing stops and goes back to page 1', async () => {
    const { user } = renderUsersPage('/users?page=2');
    await screen.findByText(/@user11 ·/);
    server.setRows(usersAfter((u) => (u.username.includes('user2') ? u : null)));

    await user.type(screen.getByLabelText('Search users'), 'user2');
    await waitFor(() => expect(lastListQuery().get('search')).toBe('user2'));
    // Debounced: one request for the whole word, not one per key.
    expect(server.listRequests().filter((r) => r.query.has('search'))).toHaveLength(1);
    expect(lastListQuery().get('page')).toBe('1');
    expect(await screen.findByText(/@user20 ·/)).toBeInTheDocument();
    expect(screen.queryByText(/@user11 ·/)).not.toBeInTheDocument();
  });

  it('filters by status on the server', async () => {
    const { user } = renderUsersPage();
    await screen.findByText(/@user10 ·/);
    server.setRows(usersAfter((u) => (u.is_admin ? u : null)));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));

    await waitFor(() => expect(lastListQuery().get('status')).toBe('admin'));
    expect(await screen.findByText('Showing 1–5 of 5 users')).toBeInTheDocument();
    expect(screen.queryByText(/@user2 ·/)).not.toBeInTheDocument();
    expect(screen.getByTestId('location-search')).toHaveTextContent('status=admin');
  });

  it('selects the whole page but the own row and makes everyone admin in one request', async () => {
    const { user } = renderUsersPage();
    await screen.findByText(/@user10 ·/);

    const selectAll = screen.getByRole('checkbox', { name: 'Select all users on this page' });
    await user.click(screen.getByRole('checkbox', { name: 'Select user2' }));
    expect(selectAll).toHaveAttribute('data-state', 'indeterminate');
    await user.click(selectAll);
    expect(selectAll).toBeChecked();
    expect(screen.getByText('9 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select root' })).not.toBeChecked();

    server.setRows(
      usersAfter((u) => (u.username === 'user11' || u.is_root_admin ? u : { ...u, is_admin: true })),
    );
    await user.click(bulkButton('Make Admin'));
    const ask = within(await screen.findByRole('dialog', { name: 'Make 9 users admin' }));
    await user.click(await ask.findByRole('button', { name: 'Make Admin' }));
    const bulk = await waitFor(() => {
      const request = server.requests.find((r) => r.path === '/api/v1/admin/users/bulk');
      expect(request).toBeDefined();
      return request as NonNullable<typeof request>;
    });
    expect(bulk.method).toBe('POST');
    expect(bulk.body).toEqual({
      action: 'make_admin',
      user_ids: Array.from({ length: 9 }, (_, i) => userId(i + 2)),
      role_id: 'viewer',
    });
    expect(await screen.findByText(USER_ACTION_MESSAGES.make_admin(9))).toBeInTheDocument();
    expect(screen.queryByText('9 selected')).not.toBeInTheDocument();
    await waitFor(() => expect(row('user2').getByText('Admin')).toBeInTheDocument());
    // The bar and its buttons are gone: focus goes to the search box, not <body>.
    expect(screen.getByLabelText('Search users')).toHaveFocus();
  });

  it("keeps the admin's own row out of the selection, so Admin filter + select all + Remove Admin works", async () => {
    server.setRows(usersAfter((u) => (u.is_admin ? u : null)));
    const { user } = renderUsersPage('/users?status=admin');
    await screen.findByText(/@user20 ·/);

    const own = screen.getByRole('checkbox', { name: 'Select root' });
    expect(own).toBeDisabled();
    expect(own).toHaveAttribute('title', OWN_ROW_NOT_SELECTABLE);
    await user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }));
    expect(screen.getByText('4 selected')).toBeInTheDocument();
    expect(own).not.toBeChecked();

    server.setRows(usersAfter((u) => (u.is_root_admin ? u : null)));
    await user.click(bulkButton('Remove Admin'));
    expect(await screen.findByText(USER_ACTION_MESSAGES.remove_admin(4))).toBeInTheDocument();
    const bulk = server.requests.find((r) => r.path === '/api/v1/admin/users/bulk');
    expect(bulk?.body).toEqual({ action: 'remove_admin', user_ids: [5, 10, 15, 20].map(userId) });
    expect(await screen.findByText('Showing 1–1 of 1 users')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all users on this page' })).toBeDisabled();
  });

  it('says before the click that Remove Admin cannot include a root admin', async () => {
    const users = makeUsers();
    const other = users[4];
    if (!other) throw new Error('no user5');
    other.is_root_admin = true;
    server.setRows(users);
    const { user } = renderUsersPage();
    await screen.findByText(/@user5 ·/);

    await user.click(screen.getByRole('checkbox', { name: 'Select user2' }));
    expect(bulkButton('Remove Admin')).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select user5' }));
    const removeAdmin = bulkButton('Remove Admin');
    expect(removeAdmin).toBeDisabled();
    const why = `Cannot remove admin: user5 is a root administrator. ${USER_RULE_MESSAGES.rootAdminIsAlwaysAdmin}.`;
    expect(removeAdmin).toHaveAttribute('title', why);
    expect(removeAdmin).toHaveAccessibleDescription(why);
    expect(screen.getByText(why)).toBeVisible();
    expect(bulkButton('Make Admin')).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select user5' }));
    expect(bulkButton('Remove Admin')).toBeEnabled();
    expect(screen.queryByText(why)).not.toBeInTheDocument();
  });

  it("shows the server's reason when a bulk action fails and keeps the selection", async () => {
    server.override((request) =>
      request.path === '/api/v1/admin/users/bulk'
        ? server.errorResponse(409, { success: false, message: USER_RULE_MESSAGES.lastRootAdmin })
        : undefined,
    );
    const { user } = renderUsersPage();
    await screen.findByText(/@user10 ·/);

    await user.click(screen.getByRole('checkbox', { name: 'Select user3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select user2' }));
    await user.click(bulkButton('Delete'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete these 2 users?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(USER_RULE_MESSAGES.lastRootAdmin)).toBeInTheDocument();
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select user2' })).toBeChecked();
    expect(screen.getByText(/@user2 ·/)).toBeInTheDocument();
    // Nothing changed, so focus goes back to the bar's Delete button for another try.
    await waitFor(() => expect(bulkButton('Delete')).toHaveFocus());
  });

  it('asks before deleting one user and deletes only on Delete', async () => {
    const { user } = renderUsersPage();
    await screen.findByText(/@user4 ·/);

    await user.click(row('user4').getByRole('button', { name: 'Delete user4' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this user?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(row('user4').getByRole('button', { name: 'Delete user4' }));
    dialog = await screen.findByRole('alertdialog');
    server.setRows(usersAfter((u) => (u.username === 'user4' ? null : u)));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'DELETE')?.path).toBe(`/api/v1/admin/users/${userId(4)}`);
    await waitFor(() => expect(screen.queryByText(/@user4 ·/)).not.toBeInTheDocument());

    // The row is kept on the server: Undo restores it there.
    server.override((request) =>
      request.method === 'POST' && request.path.endsWith('/restore')
        ? jsonResponse({
            success: true,
            data: {
              id: userId(4),
              username: 'user4',
              email: 'user4@example.com',
              full_name: null,
              is_admin: false,
              is_root_admin: false,
              is_premium: false,
              status: 'active',
              suspension: null,
              deleted_at: null,
              created_at: '2026-11-01T00:00:00.000Z',
              last_login: null,
              last_seen_at: null,
              is_online: false,
              coin_balance: 0,
              total_earned: 0,
              total_spent: 0,
              social: { followers: 0, following: 0, likes_given: 0, contacts: 0 },
              reports: { filed: 0, against: 0 },
            },
          })
        : undefined,
    );
    const toast = (await screen.findByText('User deleted')).closest('li') as HTMLElement;
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('user4 was restored')).toBeInTheDocument();
    expect(
      server.requests.some(
        (r) => r.method === 'POST' && r.path === `/api/v1/admin/users/${userId(4)}/restore`,
      ),
    ).toBe(true);
  });

  it("disables delete and admin toggle on the signed-in admin's own row", async () => {
    renderUsersPage();
    await screen.findByText(/@root ·/);
    const deleteOwn = row('root').getByRole('button', { name: 'Delete root' });
    expect(deleteOwn).toBeDisabled();
    expect(deleteOwn).toHaveAttribute('title', USER_RULE_MESSAGES.cannotDeleteSelf);
    expect(row('root').getByRole('button', { name: 'Remove Admin: root' })).toBeDisabled();
    expect(row('root').getByRole('checkbox', { name: 'Select root' })).toBeDisabled();
    expect(row('user2').getByRole('button', { name: 'Delete user2' })).toBeEnabled();
  });

  it('toggles admin for one row', async () => {
    const { user } = renderUsersPage();
    await screen.findByText(/@user2 ·/);
    server.setRows(usersAfter((u) => (u.username === 'user2' ? { ...u, is_admin: true } : u)));
    await user.click(row('user2').getByRole('button', { name: 'Make Admin: user2' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Make user2 admin' }));
    await user.click(await ask.findByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByText('user2 is now an admin')).toBeInTheDocument();
    const patch = server.requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe(`/api/v1/admin/users/${userId(2)}/admin`);
    expect(patch?.body).toEqual({ is_admin: true, role_id: 'viewer' });
    expect(await row('user2').findByRole('button', { name: 'Remove Admin: user2' })).toBeInTheDocument();
  });

  it('says no users were found and how to widen the search', async () => {
    server.setRows([]);
    const { user } = renderUsersPage('/users?search=nobody');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    server.setRows(makeUsers());
    expect(screen.getByText(/Clear the search to see all users/)).toBeInTheDocument();
    // The toolbar's small clear button and the empty state's: use the empty state's.
    const clearButtons = screen.getAllByRole('button', { name: 'Clear search' });
    await user.click(clearButtons[clearButtons.length - 1] as HTMLElement);
    expect(await screen.findByText(/@user10 ·/)).toBeInTheDocument();
  });

  it("shows the server's error with a Retry that fetches again", async () => {
    const remove = server.override((request) =>
      request.path === '/api/v1/admin/public/users'
        ? server.errorResponse(503, { success: false, message: 'Database is unavailable' })
        : undefined,
    );
    const { user } = renderUsersPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database is unavailable');
    expect(screen.queryByText(/@user1 ·/)).not.toBeInTheDocument();

    remove();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/@user10 ·/)).toBeInTheDocument();
    expect(server.listRequests()).toHaveLength(2);
  });

  it('clears the selection when the page changes', async () => {
    const { user } = renderUsersPage();
    await screen.findByText(/@user2 ·/);
    await user.click(screen.getByRole('checkbox', { name: 'Select user2' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText(/@user11 ·/);
    expect(screen.queryByText('1 selected')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    await screen.findByText(/@user2 ·/);
    expect(screen.getByRole('checkbox', { name: 'Select user2' })).not.toBeChecked();
  });

  it('opens the user page from View and from the name', async () => {
    renderUsersPage();
    await screen.findByText(/@user2 ·/);
    expect(row('user2').getByRole('link', { name: 'View user2' })).toHaveAttribute(
      'href',
      `/users/${userId(2)}`,
    );
    expect(row('user2').getByRole('link', { name: 'Person 2' })).toHaveAttribute(
      'href',
      `/users/${userId(2)}`,
    );
  });
});
