import { USERNAME_HINT } from '@switchboard/contract/account-rules';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG } from '@/lib/app-config.ts';
import { AppConfigProvider } from '@/lib/app-config-context.tsx';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { AddUserDialog } from './add-user-dialog.tsx';

/** The console loaded when the minimum was 8; since then Settings → Security set it to 14. */
function renderWithLiveMinimum(min: number) {
  const { calls } = mockFetch((call) =>
    call.url === '/config.json'
      ? jsonResponse({ ...DEFAULT_APP_CONFIG, accounts: { password_min_length: min } })
      : jsonResponse({ success: false, message: 'not in this test' }, 500),
  );
  const view = renderScreen(
    <AppConfigProvider initialConfig={DEFAULT_APP_CONFIG}>
      <AddUserDialog open onOpenChange={() => {}} onCloseAutoFocus={() => {}} />
    </AppConfigProvider>,
  );
  return { ...view, calls };
}

describe('Add User hints follow the live settings', () => {
  it('hints and checks the password length the settings ask for now, and the username rules', async () => {
    const { user, calls } = renderWithLiveMinimum(14);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText('Username')).toHaveAccessibleDescription(USERNAME_HINT);
    const password = dialog.getByLabelText('Password');
    expect(
      await dialog.findByText(
        'At least 14 characters with uppercase, lowercase, number and special character.',
      ),
    ).toBeInTheDocument();
    expect(dialog.queryByText(/At least 8 characters/)).toBeNull();

    await user.type(dialog.getByLabelText('Username'), 'newbie');
    await user.type(dialog.getByLabelText('Email'), 'newbie@example.com');
    await user.type(password, 'Str0ng!pass');
    await user.click(dialog.getByRole('button', { name: 'Add User' }));
    expect(await dialog.findByText('Password must be at least 14 characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
