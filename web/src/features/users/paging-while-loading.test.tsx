import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUsers } from './testing/fake-users-server.ts';
import { renderUsersPage } from './testing/render-users-page.tsx';
import { serveFakeUsers } from './testing/signed-in-root.ts';

vi.mock('@/lib/session-context.tsx', () => import('./testing/signed-in-root.ts'));

let server: ReturnType<typeof serveFakeUsers>;
beforeEach(() => {
  // 50 users: five pages.
  server = serveFakeUsers(makeUsers(50));
});

describe('paging while the next page loads', () => {
  it('counts fast clicks on Next from the page asked for, not the page still shown', async () => {
    const { user } = renderUsersPage();
    await screen.findByText('Showing 1–10 of 50 users');
    const release = server.hold();

    const next = screen.getByRole('button', { name: /Next/ });
    await user.click(next);
    await user.click(next);
    await user.click(next);

    expect(screen.getByTestId('location-search')).toHaveTextContent('?page=4');
    expect(screen.getByText('Page 4 of 5')).toBeInTheDocument();
    // Page 1's rows are still on screen, dimmed.
    expect(screen.getByText(/@user10 ·/)).toBeInTheDocument();
    await waitFor(() => expect(server.listRequests().at(-1)?.query.get('page')).toBe('4'));

    release();
    expect(await screen.findByText('Showing 31–40 of 50 users')).toBeInTheDocument();
    expect(screen.getByText(/@user40 ·/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(await screen.findByText('Showing 21–30 of 50 users')).toBeInTheDocument();
  });

  it('lets nothing be selected on rows that are about to be replaced', async () => {
    const { user } = renderUsersPage();
    await screen.findByText('Showing 1–10 of 50 users');
    const release = server.hold();

    await user.click(screen.getByRole('button', { name: /Next/ }));
    const selectAll = screen.getByRole('checkbox', { name: 'Select all users on this page' });
    expect(selectAll).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select user2' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select user2' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();

    release();
    await screen.findByText(/@user11 ·/);
    expect(screen.getByRole('checkbox', { name: 'Select user11' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select user11' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });
});
