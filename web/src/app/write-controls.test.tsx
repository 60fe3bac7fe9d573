import { BUILT_IN_ROLES } from '@switchboard/contract/permissions';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { CoinsPage } from '@/features/coins/coins-page.tsx';
import { DatabasePage } from '@/features/database/database-page.tsx';
import { NotificationsPage } from '@/features/notifications/notifications-page.tsx';
import { OfficialMessagesPage } from '@/features/official-messages/official-messages-page.tsx';
import { READ_ONLY_NOTE, SettingsPage } from '@/features/settings/settings-page.tsx';
import { UsersPage } from '@/features/users/users-page.tsx';
import type { SessionUser } from '@/lib/session-context.tsx';
import { mockFetch } from '@/testing/mock-fetch.ts';
import { TEST_USER } from '@/testing/render-app.tsx';
import { renderScreen } from '@/testing/render-screen.tsx';

const holding = (roleId: string): SessionUser => ({
  ...TEST_USER,
  is_root_admin: false,
  role: { id: roleId, name: roleId },
  permissions: [...(BUILT_IN_ROLES.find((r) => r.id === roleId)?.permissions ?? [])],
});

/** Each screen and the write control its header offers to a role that may write there. */
const SCREENS: [string, ReactNode, string][] = [
  ['Users', <UsersPage key="users" />, 'Add User'],
  ['Coin Management', <CoinsPage key="coins" />, 'Add Coins'],
  ['Notifications', <NotificationsPage key="notifications" />, 'Create Notification'],
  ['Official Messaging', <OfficialMessagesPage key="messages" />, 'Create Message'],
  ['Database', <DatabasePage key="database" />, 'Create Backup'],
  ['Settings', <SettingsPage key="settings" />, 'Save Settings'],
];

describe('write controls follow the role', () => {
  it.each(SCREENS)('%s: offered to root, not to a Viewer', async (_name, page, control) => {
    // The screens' own requests stay pending: only what each offers matters here.
    mockFetch(() => new Promise<Response>(() => {}));
    const root = renderScreen(page, '/', TEST_USER);
    expect(await screen.findByRole('button', { name: control })).toBeInTheDocument();
    root.unmount();

    renderScreen(page, '/', holding('viewer'));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: control })).not.toBeInTheDocument();
  });

  it('Settings tells a Viewer why there is no Save, and Finance gets Add Coins but no Add User', async () => {
    mockFetch(() => new Promise<Response>(() => {}));
    const settings = renderScreen(<SettingsPage />, '/', holding('viewer'));
    expect(await screen.findByText(READ_ONLY_NOTE)).toBeInTheDocument();
    settings.unmount();

    const coins = renderScreen(<CoinsPage />, '/', holding('finance'));
    expect(await screen.findByRole('button', { name: 'Add Coins' })).toBeInTheDocument();
    coins.unmount();
    renderScreen(<UsersPage />, '/', holding('finance'));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Add User' })).not.toBeInTheDocument();
  });
});
