import { PASSWORD_RULES, USERNAME_RULES } from '@switchboard/contract/user-create';
import { USER_RULE_MESSAGES } from '@switchboard/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, makeUsers, userId } from '../testing/fake-users-server.ts';
import { renderUsersPage } from '../testing/render-users-page.tsx';
import { serveFakeUsers } from '../testing/signed-in-root.ts';

vi.mock('@/lib/session-context.tsx', () => import('../testing/signed-in-root.ts'));

let server: ReturnType<typeof serveFakeUsers>;
beforeEach(() => {
  server = serveFakeUsers();
});

async function openDialog() {
  const view = renderUsersPage();
  await screen.findByText(/@user10 ·/);
  await view.user.click(screen.getByRole('button', { name: 'Add User' }));
  // The form is downloaded when the dialog first opens: give that download time on a busy machine.
  const dialog = within(await screen.findByRole('dialog', {}, { timeout: 10_000 }));
  return { ...view, dialog };
}

const creates = () => server.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/admin/users');

describe('Add User dialog', () => {
  it('shows the spec messages under each field and sends nothing while the form is invalid', async () => {
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText('Username'), 'ab');
    await user.type(dialog.getByLabelText('Email'), 'not-an-email');
    await user.type(dialog.getByLabelText('Password'), 'password');
    await user.click(dialog.getByRole('button', { name: 'Add User' }));

    expect(await dialog.findByText(USERNAME_RULES.tooShort)).toBeInTheDocument();
    expect(dialog.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(dialog.getByText(PASSWORD_RULES.weak)).toBeInTheDocument();
    expect(dialog.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(creates()).toHaveLength(0);
  });

  it("puts the server's duplicate-username error under Username", async () => {
    const { user, dialog } = await openDialog();
    server.override((request) =>
      request.method === 'POST' && request.path === '/api/v1/admin/users'
        ? errorResponse(409, {
            success: false,
            message: USER_RULE_MESSAGES.usernameTaken,
            errors: [{ field: 'username', message: USER_RULE_MESSAGES.usernameTaken }],
          })
        : undefined,
    );
    await user.type(dialog.getByLabelText('Username'), 'user2');
    await user.type(dialog.getByLabelText('Email'), 'new@example.com');
    await user.type(dialog.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(dialog.getByRole('button', { name: 'Add User' }));

    const error = await dialog.findByText(USER_RULE_MESSAGES.usernameTaken);
    expect(dialog.getByLabelText('Username')).toHaveAccessibleDescription(USER_RULE_MESSAGES.usernameTaken);
    expect(error).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('creates the user, closes and refreshes the list', async () => {
    const { user, dialog } = await openDialog();
    const listsBefore = server.listRequests().length;
    await user.type(dialog.getByLabelText('Username'), 'newbie');
    await user.type(dialog.getByLabelText('Email'), 'Newbie@Example.com');
    await user.type(dialog.getByLabelText(/Full name/), 'New Person');
    await user.type(dialog.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(dialog.getByRole('checkbox', { name: 'Admin' }));
    const [first] = makeUsers(1);
    if (!first) throw new Error('no user');
    server.setRows([{ ...first, id: userId(900), username: 'newbie', is_root_admin: false }, ...makeUsers()]);
    await user.click(dialog.getByRole('button', { name: 'Add User' }));

    expect(await screen.findByText('User newbie created')).toBeInTheDocument();
    expect(creates()[0]?.body).toEqual({
      username: 'newbie',
      email: 'newbie@example.com',
      full_name: 'New Person',
      password: 'Str0ng!pass',
      is_admin: true,
      role_id: 'viewer',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(server.listRequests().length).toBeGreaterThan(listsBefore));
    expect(await screen.findByText(/@newbie ·/)).toBeInTheDocument();
  });
});
