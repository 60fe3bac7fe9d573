import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gatewayError, jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { SystemLogsPage } from './system-logs-page.tsx';

const page = (messages: string[]) => ({
  success: true,
  data: {
    logs: messages.map((message, i) => ({
      id: i + 1,
      level: 'ERROR',
      message,
      module: 'auth',
      timestamp: '2026-11-01T10:00:00.000Z',
      user_id: null as string | null,
      username: null as string | null,
      ip_address: null,
      details: null,
    })),
    total: messages.length,
    total_capped: false,
    page: 1,
    per_page: 20,
    total_pages: 1,
    next_cursor: null,
  },
});

describe('System Logs screen', () => {
  it('shows the spec error text with Retry', async () => {
    mockFetch(() => gatewayError());
    renderScreen(<SystemLogsPage />);
    expect(await screen.findByText('Failed to fetch logs data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('searches with every filter in one request, and Clear empties the form', async () => {
    const { calls } = mockFetch((call) =>
      call.url.startsWith('/api/v1/admin/system-logs?')
        ? jsonResponse(page(['token refresh failed']))
        : gatewayError(),
    );
    const { user } = renderScreen(<SystemLogsPage />);
    await user.click(screen.getByRole('tab', { name: 'Search' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All levels',
      'Debug',
      'Info',
      'Warning',
      'Error',
      'Critical',
    ]);
    await user.selectOptions(screen.getByLabelText('Level'), 'ERROR');
    await user.type(screen.getByLabelText('Module'), 'auth');
    await user.type(screen.getByPlaceholderText('Search messages'), 'token');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('token refresh failed')).toBeInTheDocument();
    const url = new URL(calls.at(-1)?.url ?? '', 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      level: 'ERROR',
      module: 'auth',
      search: 'token',
      page: '1',
      per_page: '20',
    });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Module')).toHaveValue('');
    expect(screen.queryByText('token refresh failed')).toBeNull();
  });

  it('opens the tab, filters and page a link names, with the form filled in', async () => {
    const { calls } = mockFetch((call) =>
      call.url.startsWith('/api/v1/admin/system-logs?')
        ? jsonResponse(page(['disk almost full']))
        : gatewayError(),
    );
    renderScreen(<SystemLogsPage />, '/system-logs?tab=search&level=WARNING&module=db&page=3');
    expect(await screen.findByText('disk almost full')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Search', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Level')).toHaveValue('WARNING');
    expect(screen.getByLabelText('Module')).toHaveValue('db');
    const url = new URL(calls.at(-1)?.url ?? '', 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      level: 'WARNING',
      module: 'db',
      page: '3',
      per_page: '20',
    });
  });

  it('pages through the logs with the spec pager, the rows of the page asked for', async () => {
    const { calls } = mockFetch((call) => {
      if (!call.url.startsWith('/api/v1/admin/system-logs?')) return gatewayError();
      const asked = Number(new URL(call.url, 'http://x').searchParams.get('page'));
      const shown = page(
        Array.from({ length: asked < 3 ? 20 : 5 }, (_, i) => `line ${(asked - 1) * 20 + i + 1}`),
      );
      return jsonResponse({ ...shown, data: { ...shown.data, page: asked, total: 45, total_pages: 3 } });
    });
    const { user } = renderScreen(<SystemLogsPage />, '/system-logs?tab=search&module=db');
    const pager = await screen.findByRole('navigation', { name: 'System logs pages' });
    expect(pager).toHaveTextContent('Showing 1–20 of 45 logs');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('line 21')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'System logs pages' })).toHaveTextContent(
      'Showing 21–40 of 45 logs',
    );
    expect(new URL(calls.at(-1)?.url ?? '', 'http://x').searchParams.get('page')).toBe('2');
  });

  it('names the user of a log line, linked to their page, instead of their id', async () => {
    const withUser = page(['password changed', 'user removed']);
    const [named, removed] = withUser.data.logs;
    if (!named || !removed) throw new Error('two log lines expected');
    Object.assign(named, { user_id: 'u-123', username: 'carol' });
    Object.assign(removed, { user_id: 'u-gone', username: null });
    mockFetch((call) =>
      call.url.startsWith('/api/v1/admin/system-logs?') ? jsonResponse(withUser) : gatewayError(),
    );
    renderScreen(<SystemLogsPage />, '/system-logs?tab=search&module=auth');
    expect(await screen.findByRole('link', { name: 'carol' })).toHaveAttribute('href', '/users/u-123');
    expect(screen.getByText('deleted user')).toBeInTheDocument();
    expect(screen.queryByText(/u-123|u-gone/)).toBeNull();
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
  });
});
