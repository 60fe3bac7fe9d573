import type { Notification, NotificationStats } from '@switchboard/contract/notifications';
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

const base: Notification = {
  id: 1,
  title: 'Welcome',
  message: 'Hello there',
  type: 'info',
  priority: 'medium',
  target_audience: 'all',
  target_user_ids: [],
  is_scheduled: false,
  scheduled_at: null,
  status: 'draft',
  sent_at: null,
  read_count: 0,
  total_recipients: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  created_by: null,
};
const rows: Notification[] = [
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

  it('asks before a send, stating how many users it reaches; Cancel sends nothing', async () => {
    const calls = serve((url) =>
      url.pathname.endsWith('/audience-preview')
        ? { status: 200, body: { success: true, data: { recipients: 1939 } } }
        : undefined,
    );
    const user = renderPage();
    await screen.findByText('Welcome', { selector: 'td span' });
    await user.click(rowOf('Welcome').getByRole('button', { name: 'Send Welcome' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(await within(confirm).findByText('Send to 1,939 users?')).toBeInTheDocument();
    const preview = calls.find((c) => c.url.pathname.endsWith('/audience-preview'));
    expect(preview?.body).toEqual({ target_audience: 'all', target_user_ids: [] });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.url.pathname.endsWith('/send'))).toBe(false);
  });

  it('says so when a confirmed send fails', async () => {
    const calls = serve((url) =>
      url.pathname.endsWith('/send')
        ? { status: 409, body: { success: false, message: 'nope' } }
        : url.pathname.endsWith('/audience-preview')
          ? { status: 200, body: { success: true, data: { recipients: 1 } } }
          : undefined,
    );
    const user = renderPage();
    await screen.findByText('Welcome', { selector: 'td span' });
    await user.click(rowOf('Welcome').getByRole('button', { name: 'Send Welcome' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(await within(confirm).findByText('Send to 1 user?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send notification')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname.endsWith('/send'))).toHaveLength(1);
  });
});
