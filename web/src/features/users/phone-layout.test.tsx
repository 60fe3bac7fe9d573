import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '@/lib/use-media-query.ts';
import { renderUsersPage } from './testing/render-users-page.tsx';
import { serveFakeUsers } from './testing/signed-in-root.ts';

vi.mock('@/lib/session-context.tsx', () => import('./testing/signed-in-root.ts'));

beforeEach(() => {
  const _server = serveFakeUsers();
  // A 390 px wide phone: only the phone query matches.
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    ...matchMedia(query),
    matches: query === PHONE_QUERY,
  }));
});

const columnNames = () => screen.getAllByRole('columnheader').map((th) => th.textContent);

describe('users table on a phone', () => {
  it('keeps status, role and the actions on every row without the wide columns', async () => {
    renderUsersPage();
    const nameLine = await screen.findByText(/@user5 ·/);
    expect(columnNames()).toEqual(['', 'User', 'Actions']);

    const userCell = within(nameLine.closest('td') as HTMLElement);
    expect(userCell.getByText('Offline')).toBeInTheDocument();
    expect(userCell.getByText('Admin')).toBeInTheDocument();
    const tr = within(nameLine.closest('tr') as HTMLElement);
    expect(tr.getByRole('link', { name: 'View user5' })).toBeVisible();
    for (const name of ['Remove Admin: user5', 'Delete user5']) {
      expect(tr.getByRole('button', { name })).toBeEnabled();
    }
    expect(tr.getByRole('checkbox', { name: 'Select user5' })).toBeEnabled();
    expect(tr.queryByText('50')).not.toBeInTheDocument();
  });

  it('shows Status, Role, Coins and Joined as columns on a wide screen', async () => {
    vi.mocked(window.matchMedia).mockRestore();
    renderUsersPage();
    await screen.findByText(/@user5 ·/);
    expect(columnNames()).toEqual(['', 'User', 'Status', 'Role', 'Coins', 'Joined', 'Actions']);
  });
});
