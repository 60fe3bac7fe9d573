import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { makeUsers } from './testing/fake-users-server.ts';
import { renderUsersPage } from './testing/render-users-page.tsx';
import { serveFakeUsers } from './testing/signed-in-root.ts';

vi.mock('@/lib/session-context.tsx', () => import('./testing/signed-in-root.ts'));

it('shows a search total the server stopped counting as "10,000+", with Next still on', async () => {
  const users = makeUsers(10);
  const server = serveFakeUsers(users);
  server.override((request) =>
    request.path === '/api/v1/admin/public/users'
      ? new Response(
          JSON.stringify({
            success: true,
            data: {
              users,
              total: 10000,
              page: 1,
              limit: 10,
              total_pages: 1000,
              total_capped: true,
              next_cursor: 'after-user10',
            },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        )
      : undefined,
  );
  renderUsersPage('/users?search=user');
  expect(await screen.findByText('Showing 1–10 of 10,000+ users')).toBeInTheDocument();
  expect(screen.getByText('Page 1')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Next/ })).toBeEnabled();
});
