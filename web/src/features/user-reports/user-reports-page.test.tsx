import type { ReportStats, UserReport } from '@switchboard/contract/user-reports';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { gatewayError, jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { UserReportsPage } from './user-reports-page.tsx';

const STATS: ReportStats = {
  total_reports: 1,
  pending_reports: 1,
  reviewed_reports: 0,
  resolved_reports: 0,
  dismissed_reports: 0,
  last_24h_reports: 1,
};

const report: UserReport = {
  id: 7,
  report_type: 'fake_profile',
  reporter_id: 'reporter-1',
  reporter_username: 'alice',
  reported_user_id: 'reported-2',
  reported_user_username: 'bob',
  reason: 'Stolen photos',
  description: 'Uses my pictures',
  status: 'pending',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  resolution_notes: null,
};

describe('User Reports screen', () => {
  it('shows the spec error text with Retry', async () => {
    mockFetch(() => gatewayError());
    renderScreen(<UserReportsPage />);
    expect(await screen.findByText('Failed to fetch reports data')).toBeInTheDocument();
  });

  it('lists pending reports, shows every detail, and resolves only with notes', async () => {
    let failResolve = true;
    const { calls } = mockFetch((call) => {
      if (call.url.endsWith('/resolve')) {
        if (failResolve) return gatewayError();
        return jsonResponse({
          success: true,
          data: { ...report, status: 'resolved', resolution_notes: 'done' },
        });
      }
      if (call.url.startsWith('/api/v1/user-reports/stats'))
        return jsonResponse({ success: true, data: STATS });
      return jsonResponse({
        success: true,
        data: {
          reports: [report],
          total: 1,
          page: 1,
          per_page: 20,
          total_pages: 1,
          next_cursor: null,
          total_capped: false,
        },
      });
    });
    const { user } = renderScreen(<UserReportsPage />);
    await user.click(screen.getByRole('tab', { name: 'Pending Reports' }));
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    expect(calls.some((c) => c.url === '/api/v1/user-reports?page=1&per_page=20&status=pending')).toBe(true);
    const dialog = await screen.findByRole('dialog', { name: 'Report Details' });
    for (const text of ['Fake profile', 'Pending', 'Stolen photos', 'Uses my pictures'])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    // People by name, linked to their page; never their ids.
    expect(within(dialog).getByRole('link', { name: 'alice' })).toHaveAttribute('href', '/users/reporter-1');
    expect(within(dialog).getByRole('link', { name: 'bob' })).toHaveAttribute('href', '/users/reported-2');
    expect(within(dialog).queryByText(/reporter-1|reported-2/)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Resolve Report' }));
    expect(within(dialog).getByText('Resolution notes are required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Resolution Notes'), '  done  ');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve Report' }));
    expect(await screen.findByText('Failed to resolve report')).toBeInTheDocument();
    failResolve = false;
    await user.click(within(dialog).getByRole('button', { name: 'Resolve Report' }));
    expect(await screen.findByText('Report resolved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      url: '/api/v1/user-reports/7/resolve',
      body: { resolution_notes: 'done' },
    });
  });

  it('offers Undo after a resolve, which reopens the report on the server', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.endsWith('/resolve'))
        return jsonResponse({
          success: true,
          data: { ...report, status: 'resolved', resolution_notes: 'x' },
        });
      if (call.url.endsWith('/reopen')) return jsonResponse({ success: true, data: report });
      if (call.url.startsWith('/api/v1/user-reports/stats'))
        return jsonResponse({ success: true, data: STATS });
      return jsonResponse({
        success: true,
        data: {
          reports: [report],
          total: 1,
          page: 1,
          per_page: 20,
          total_pages: 1,
          next_cursor: null,
          total_capped: false,
        },
      });
    });
    const { user } = renderScreen(<UserReportsPage />);
    await user.click(screen.getByRole('tab', { name: 'Pending Reports' }));
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Details' });
    await user.type(within(dialog).getByLabelText('Resolution Notes'), 'Warned');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve Report' }));
    // Toasts of the test before may still be on their way out: take this one's, the newest.
    const toasts = await screen.findAllByText('Report resolved');
    const toast = toasts[0]?.closest('li') as HTMLElement;
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Report reopened')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/v1/user-reports/7/resolve',
      '/api/v1/user-reports/7/reopen',
    ]);
  });

  it('filters by username, type and date, and suspends the reported user with a reason, showing the result', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.endsWith('/suspend-user'))
        return jsonResponse({ success: true, message: 'User suspended' });
      if (call.url.startsWith('/api/v1/user-reports/stats'))
        return jsonResponse({ success: true, data: STATS });
      return jsonResponse({
        success: true,
        data: {
          reports: [report],
          total: 1,
          page: 1,
          per_page: 20,
          total_pages: 1,
          next_cursor: null,
          total_capped: false,
        },
      });
    });
    const { user } = renderScreen(<UserReportsPage />);
    await user.click(screen.getByRole('tab', { name: 'All Reports' }));
    await user.type(await screen.findByPlaceholderText('Search reports by username...'), 'troll');
    await vi.waitFor(() =>
      expect(calls.some((c) => c.url.includes('/user-reports?') && c.url.includes('search=troll'))).toBe(
        true,
      ),
    );
    await user.click(screen.getByRole('combobox', { name: 'Report type filter' }));
    await user.click(screen.getByRole('option', { name: 'Spam' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('type=spam'))).toBe(true));

    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend Reported User' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Suspension' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why the user is suspended');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason for suspension'), 'Repeated spam');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Suspension' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('User suspended');
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      url: '/api/v1/user-reports/7/suspend-user',
      body: { reason: 'Repeated spam' },
    });
    expect(within(dialog).queryByRole('button', { name: 'Suspend Reported User' })).not.toBeInTheDocument();
  });
});
