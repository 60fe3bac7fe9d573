import { BUILT_IN_ROLES } from '@switchboard/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { CommandPaletteButton } from '@/app/layout/command-palette-button.tsx';
import { configureApiClient } from '@/lib/api-client.ts';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { TEST_USER } from '@/testing/render-app.tsx';
import { renderScreen } from '@/testing/render-screen.tsx';

const alice = {
  id: '00000000-0000-4000-8000-000000000002',
  username: 'alice_w',
  email: 'alice@example.test',
  full_name: 'Alice Walker',
  is_online: false,
  is_admin: false,
  is_root_admin: false,
  is_active: true,
  coin_balance: 100,
  total_earned: 100,
  total_spent: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  last_login: null,
  deleted_at: null,
  admin_role_id: 'admin',
};

function serveUsers() {
  return mockFetch((call) =>
    jsonResponse({
      success: true,
      data: {
        users: call.url.includes('search=walk') || call.url.includes('search=se') ? [alice] : [],
        total: 1,
        page: 1,
        limit: 8,
        total_pages: 1,
        total_capped: false,
        next_cursor: null,
      },
    }),
  );
}

function Where() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="Location">{`${pathname}${search}${hash}`}</output>;
}

const renderConsole = (as = TEST_USER) =>
  renderScreen(
    <>
      <CommandPaletteButton />
      <Where />
    </>,
    '/dashboard',
    as,
  );
const location = () => screen.getByRole('status', { name: 'Location' });

beforeAll(() => configureApiClient({ getAccessToken: () => 'test-token' }));

describe('the command palette', () => {
  it('opens on Ctrl+K, finds a user by part of the name and opens their page on Enter', async () => {
    serveUsers();
    const { user } = renderConsole();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    const input = within(palette).getByRole('combobox');
    expect(input).toHaveFocus();
    await user.type(input, 'walk');
    expect(
      await within(palette).findByRole('option', { name: /alice_w \(Alice Walker\)/ }),
    ).toBeInTheDocument();
    expect(within(palette).getByRole('listbox')).toBeInTheDocument();
    // The count of results is announced.
    await waitFor(() => expect(screen.getByText(/^\d+ results?$/)).toBeInTheDocument());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toHaveTextContent(`/users/${alice.id}`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('highlights the users found on the server when they arrive above the screens', async () => {
    serveUsers();
    const { user } = renderConsole();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    // 'se' matches screens and actions at once; the user search answers a moment later, on top.
    await user.type(within(palette).getByRole('combobox'), 'se');
    const found = await within(palette).findByRole('option', { name: /alice_w/ });
    await waitFor(() => expect(found).toHaveAttribute('aria-selected', 'true'));
    expect(within(palette).getByRole('option', { name: 'Settings' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
  });

  it('jumps to a screen, offers "Open call" for a call id, and opens from its top-bar button', async () => {
    serveUsers();
    const { user } = renderConsole();
    await user.click(screen.getByRole('button', { name: /^Search…/ }));
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(palette).getByRole('combobox'), '1234');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toHaveTextContent('/calls?call=1234'));

    await user.keyboard('/');
    const again = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(again).getByRole('combobox'), 'system log');
    await user.click(within(again).getByRole('option', { name: 'System Logs' }));
    await waitFor(() => expect(location()).toHaveTextContent('/system-logs'));
  });

  it('offers a Viewer neither the actions nor the screens the role cannot open', async () => {
    serveUsers();
    const viewer = BUILT_IN_ROLES.find((r) => r.id === 'viewer');
    const { user } = renderConsole({
      ...TEST_USER,
      is_root_admin: false,
      role: { id: 'viewer', name: 'Viewer' },
      permissions: [...(viewer?.permissions ?? [])],
    });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    expect(within(palette).getByRole('option', { name: 'Settings' })).toBeInTheDocument();
    expect(within(palette).queryByRole('option', { name: 'Admin Roles' })).not.toBeInTheDocument();
    expect(within(palette).queryByRole('option', { name: 'Block an IP' })).not.toBeInTheDocument();
    expect(within(palette).queryByRole('option', { name: 'New notification' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('leaves another open dialog be: no palette or shortcuts stacked on a form', async () => {
    serveUsers();
    const { user } = renderScreen(
      <>
        <CommandPaletteButton />
        <div role="dialog" data-state="open" aria-label="Add Coins to User" />
      </>,
    );
    await user.keyboard('?');
    await user.keyboard('{Control>}k{/Control}');
    // Long enough for a lazily loaded dialog to have arrived, had it been asked for.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
  });

  it("lists the keyboard shortcuts on '?'", async () => {
    serveUsers();
    const { user } = renderConsole();
    await user.keyboard('?');
    const list = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(list).getByText(/Open the command palette \(⌘ K/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
