import type { NotificationListItem, NotificationStats } from '@switchboard/contract/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client.ts';
import { StaticSession } from '@/lib/session-context.tsx';
import { serveFetch } from '@/testing/mock-fetch.ts';
import { TEST_USER } from '@/testing/render-app.tsx';
import { NotificationsPage } from './notifications-page.tsx';

const base: NotificationListItem = {
  id: 1,
  title: 'Welcome',
  message: 'Hello there',
  type: 'info',
  priority: 'medium',
  target_audience: 'all',
  target_user_ids: [],
  target_users: [],
  is_scheduled: false,
  scheduled_at: null,
  status: 'draft',
  sent_at: null,
  read_count: 0,
  total_recipients: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  created_by: null,
};
const rows: NotificationListItem[] = [
  base,
  {
    ...base,
    id: 2,
    title: 'Outage over',
    status: 'sent',
    read_count: 25,
    total_recipients: 100,
    sent_at: base.created_at,
  },
];
const stats: NotificationStats = {
  total_notifications: 2,
  sent_notifications: 1,
  scheduled_notifications: 0,
  draft_notifications: 1,
  total_recipients: 100,
  average_read_rate: 0.25,
  recent_activity: [{ id: 2, title: 'Outage over', sent_at: base.created_at, read_rate: 0.25 }],
};

type Handler = (url: URL, init: RequestInit) => { status: number; body: unknown } | undefined;

function serve(handler: Handler) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const fetch = vi.fn(async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer =
      handler(url, init) ??
      (url.pathname.endsWith('/notification-stats')
        ? { status: 200, body: { success: true, data: stats } }
        : { status: 200, body: { success: true, data: { notifications: rows, has_more: false } } });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  serveFetch(fetch);
  return calls;
}

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <StaticSession user={TEST_USER}>
        <MemoryRouter initialEntries={['/notifications']}>
          <NotificationsPage />
        </MemoryRouter>
      </StaticSession>
      <Toaster />
    </QueryClientProvider>,
  );
  return user;
}

const rowOf = (title: string) => {
  const tr = screen.getByText(title, { selector: 'td span' }).closest('tr');
  if (!tr) throw new Error(`no row ${title}`);
  return within(tr);
};

beforeAll(() => configureApiClient({ getAccessToken: () => 'token' }));
afterEach(() => vi.unstubAllGlobals());

describe('NotificationsPage', () => {
  it('shows the stat cards, recent activity and rows with read/total and percent read', async () => {
    serve(() => undefined);
    renderPage();
    expect(await screen.findByText('Outage over', { selector: 'td span' })).toBeInTheDocument();
    expect(screen.getByText('Avg Read Rate')).toBeInTheDocument();
    expect(screen.getAllByText('25%').length).toBeGreaterThan(0);
    expect(screen.getByText('Recent Activity')).toBeInTheDocument();
    expect(rowOf('Outage over').getByText(/25 \/ 100/)).toBeInTheDocument();
    // Only drafts have actions.
    expect(rowOf('Welcome').getByRole('button', { name: 'Send Welcome' })).toBeInTheDocument();
    expect(rowOf('Outage over').queryByRole('button')).toBeNull();
  });

  it('on a failed load shows the error with Retry and no sample notifications', async () => {
    let fail = true;
    serve((url) =>
      fail && url.pathname.endsWith('/admin/notifications')
        ? { status: 500, body: { success: false, message: 'Internal error' } }
        : undefined,
    );
    const user = renderPage();
    expect(await screen.findByText('Failed to fetch notifications')).toBeInTheDocument();
    expect(screen.queryByText('Welcome')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Welcome', { selector: 'td span' })).toBeInTheDocument();
  });

  it('creates with the defaults; the button waits for a title and a message', async () => {
    const calls = serve((url, init) =>
      init.method === 'POST' && url.pathname.endsWith('/admin/notifications')
        ? { status: 201, body: { success: true, data: { ...base, id: 3 } } }
        : undefined,
    );
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Create Notification' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Create Notification' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Title *'), 'Hi');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Message *'), 'Body');
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: 'Hi',
      message: 'Body',
      type: 'info',
      priority: 'medium',
      target_audience: 'all',
      is_scheduled: false,
      scheduled_at: null,
    });
  });

  it('asks before deleting and says so when the delete fails', async () => {
    serve((_url, init) =>
      init.method === 'DELETE' ? { status: 500, body: { success: false, message: 'boom' } } : undefined,
    );
    const user = renderPage();
    await screen.findByText('Welcome', { selector: 'td span' });
    await user.click(rowOf('Welcome').getByRole('button', { name: 'Delete Welcome' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(
      within(confirm).getByText('Are you sure you want to delete this notification?'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete notification')).toBeInTheDocument();
  });

  it('says so when a send fails', async () => {
    serve((url) =>
      url.pathname.endsWith('/send') ? { status: 409, body: { success: false, message: 'nope' } } : undefined,
    );
    const user = renderPage();
    await screen.findByText('Welcome', { selector: 'td span' });
    await user.click(rowOf('Welcome').getByRole('button', { name: 'Send Welcome' }));
    expect(await screen.findByText('Failed to send notification')).toBeInTheDocument();
  });

  it('picks the users of a specific audience by username and still sends their ids', async () => {
    const draft: NotificationListItem = {
      ...base,
      id: 5,
      title: 'For two',
      target_audience: 'specific',
      target_user_ids: ['c0000000-0000-4000-8000-00000000000c', '90000000-0000-4000-8000-000000000009'],
      target_users: [
        { id: 'c0000000-0000-4000-8000-00000000000c', username: 'carol' },
        { id: '90000000-0000-4000-8000-000000000009', username: null },
      ],
    };
    const dave = {
      id: 'd0000000-0000-4000-8000-00000000000d',
      username: 'dave',
      email: 'dave@example.test',
      full_name: 'Dave Doe',
      is_online: false,
      is_admin: false,
      is_root_admin: false,
      admin_role_id: 'none',
      is_active: true,
      coin_balance: 0,
      total_earned: 0,
      total_spent: 0,
      created_at: base.created_at,
      last_login: null,
    };
    const calls = serve((url, init) => {
      if (url.pathname.endsWith('/admin/public/users')) {
        const users = url.searchParams.get('search') === 'dav' ? [dave] : [];
        return {
          status: 200,
          body: {
            success: true,
            data: {
              users,
              total: users.length,
              page: 1,
              total_pages: 1,
              limit: 8,
              total_capped: false,
              next_cursor: null,
            },
          },
        };
      }
      if (init.method === 'PUT') return { status: 200, body: { success: true, data: draft } };
      if (url.pathname.endsWith('/admin/notifications'))
        return { status: 200, body: { success: true, data: { notifications: [draft], has_more: false } } };
      return undefined;
    });
    const user = renderPage();
    await screen.findByText('For two', { selector: 'td span' });
    await user.click(rowOf('For two').getByRole('button', { name: 'Edit For two' }));
    const dialog = await screen.findByRole('dialog');
    const chosen = within(dialog).getByRole('list', { name: 'Chosen users' });
    expect(within(chosen).getByText('carol')).toBeInTheDocument();
    expect(within(chosen).getByText('deleted user')).toBeInTheDocument();
    expect(within(dialog).queryByText(/0000-4000-8000/)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Remove deleted user' }));
    const search = within(dialog).getByRole('combobox', { name: 'Users' });
    expect(search).toHaveFocus();
    await user.type(search, 'dav');
    expect(await within(dialog).findByRole('option', { name: /dave/ })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(within(chosen).getByText('dave')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update Notification' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      target_audience: 'specific',
      target_user_ids: ['c0000000-0000-4000-8000-00000000000c', 'd0000000-0000-4000-8000-00000000000d'],
    });
  });
});
