import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUsers, userId } from './testing/fake-users-server.ts';
import { renderUsersPage } from './testing/render-users-page.tsx';
import { serveFakeUsers } from './testing/signed-in-root.ts';

vi.mock('@/lib/session-context.tsx', () => import('./testing/signed-in-root.ts'));

let server: ReturnType<typeof serveFakeUsers>;
beforeEach(() => {
  server = serveFakeUsers();
});

const rowButton = (username: string, name: string) => {
  const tr = screen.getByText(new RegExp(`@${username} ·`)).closest('tr');
  if (!tr) throw new Error(`no row for ${username}`);
  return within(tr).getByRole('button', { name });
};
const bulkButton = (name: string) =>
  within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name });

describe('keyboard focus when a users dialog closes', () => {
  it('returns to Add User after the add dialog is dismissed', async () => {
    const { user } = renderUsersPage();
    await screen.findByText(/@user2 ·/);
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    // The Add User dialog is loaded on first use, and now also fetches the roles it offers.
    await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add User' })).toHaveFocus());
  });

  it('returns to the Delete button on Cancel, and to the search box once the row is deleted', async () => {
    const { user } = renderUsersPage();
    await screen.findByText(/@user4 ·/);

    await user.click(rowButton('user4', 'Delete user4'));
    let dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(rowButton('user4', 'Delete user4')).toHaveFocus());

    await user.click(rowButton('user4', 'Delete user4'));
    dialog = await screen.findByRole('alertdialog');
    server.setRows(makeUsers().filter((u) => u.username !== 'user4'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText(/@user4 ·/)).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByLabelText('Search users')).toHaveFocus());
  });

  it('returns to the bar on Cancel, and to the search box once the selected users are deleted', async () => {
    const { user } = renderUsersPage();
    await screen.findByText(/@user2 ·/);
    await user.click(screen.getByRole('checkbox', { name: 'Select user2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select user3' }));

    await user.click(bulkButton('Delete'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(bulkButton('Delete')).toHaveFocus());

    await user.click(bulkButton('Delete'));
    server.setRows(makeUsers().filter((u) => !['user2', 'user3'].includes(u.username)));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText(/@user2 ·/)).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByLabelText('Search users')).toHaveFocus());
    expect(server.requests.find((r) => r.path === '/api/v1/admin/users/bulk')?.body).toEqual({
      action: 'delete',
      user_ids: [userId(2), userId(3)],
    });
  });
});
