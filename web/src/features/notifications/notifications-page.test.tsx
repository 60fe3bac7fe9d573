import type { NotificationListItem, NotificationStats } from '@switchboard/contract/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { rowOf as rowShowing } from '@/testing/table-row.ts';
import { userRow } from '@/testing/user-row.ts';
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
  digest_deliveries: 7,
  recent_activity: [{ id: 2, title: 'Outage over', sent_at: base.created_at, read_rate: 0.25 }],
};

type Answer = { status: number; body: unknown } | undefined;

/** Answers the list and the stats with the rows above unless `handler` answers first. */
function serve(handler: (path: string, method: string, search: URLSearchParams) => Answer) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    const path = url.pathname;
    const answer =
      handler(path, call.method, url.searchParams) ??
      (path.endsWith('/notification-stats')
        ? { status: 200, body: { success: true, data: stats } }
        : { status: 200, body: { success: true, data: { notifications: rows, has_more: false } } });
    return jsonResponse(answer.body, answer.status);
  }).calls;
}

const renderPage = () => renderScreen(<NotificationsPage />, '/notifications').user;
const rowOf = (title: string) => rowShowing(title, 'td span');

describe('NotificationsPage', () => {
  it('shows the stat cards, recent activity and rows with read/total and percent read', async () => {
    serve(() => undefined);
    renderPage();
    expect(await screen.findByText('Outage over', { selector: 'td span' })).toBeInTheDocument();
    expect(screen.getByText('Avg Read Rate')).toBeInTheDocument();
    expect(screen.getAllByText('25%').length).toBeGreaterThan(0);
    expect(screen.getByText('Recent Activity')).toBeInTheDocument();
    expect(screen.getByText('100 recipients, 7 digest deliveries')).toBeInTheDocument();
    expect(rowOf('Outage over').getByText(/25 \/ 100/)).toBeInTheDocument();
    // Only drafts have actions.
    expect(rowOf('Welcome').getByRole('button', { name: 'Send Welcome' })).toBeInTheDocument();
    expect(rowOf('Outage over').queryByRole('button')).toBeNull();
  });

  it('on a failed load shows the error with Retry and no sample notifications', async () => {
    let fail = true;
    serve((path) =>
      fail && path.endsWith('/admin/notifications')
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

  it('opens the create dialog on arrival from the palette (?new=1), once', async () => {
    serve(() => undefined);
    renderScreen(<NotificationsPage />, '/notifications?new=1');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Title *')).toBeInTheDocument();
  });

  it('creates with the defaults; the button waits for a title and a message', async () => {
    const calls = serve((path, method) =>
      method === 'POST' && path.endsWith('/admin/notifications')
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
  }, 15_000);

  it('asks before deleting and says so when the delete fails', async () => {
    serve((_path, method) =>
      method === 'DELETE' ? { status: 500, body: { success: false, message: 'boom' } } : undefined,
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
    const calls = serve((path) =>
      path.endsWith('/audience-preview')
        ? { status: 200, body: { success: true, data: { recipients: 1939 } } }
        : undefined,
    );
    const user = renderPage();
    await screen.findByText('Welcome', { selector: 'td span' });
    await user.click(rowOf('Welcome').getByRole('button', { name: 'Send Welcome' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(await within(confirm).findByText('Send to 1,939 users?')).toBeInTheDocument();
    const preview = calls.find((c) => c.url.split('?')[0]?.endsWith('/audience-preview'));
    expect(preview?.body).toEqual({ target_audience: 'all', target_user_ids: [] });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.url.split('?')[0]?.endsWith('/send'))).toBe(false);
  });

  it('says so when a confirmed send fails', async () => {
    const calls = serve((path) =>
      path.endsWith('/send')
        ? { status: 409, body: { success: false, message: 'nope' } }
        : path.endsWith('/audience-preview')
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
    expect(calls.filter((c) => c.url.split('?')[0]?.endsWith('/send'))).toHaveLength(1);
  });

  it('edits a draft in the same dialog, filled in, and saves it with PUT', async () => {
    const calls = serve((path, method) =>
      method === 'PUT' && path.endsWith('/admin/notifications/1')
        ? { status: 200, body: { success: true, data: { ...base, title: 'Welcome back' } } }
        : undefined,
    );
    const user = renderPage();
    await screen.findByText('Welcome', { selector: 'td span' });
    await user.click(rowOf('Welcome').getByRole('button', { name: 'Edit Welcome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification' });
    const title = within(dialog).getByLabelText('Title *');
    expect(title).toHaveValue('Welcome');
    expect(within(dialog).getByLabelText('Message *')).toHaveValue('Hello there');
    await user.type(title, ' back');
    await user.click(within(dialog).getByRole('button', { name: 'Update Notification' }));
    expect(await screen.findByText('Notification updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ title: 'Welcome back' });
  }, 15_000);

  it('offers Cancel on a scheduled notification and says when it is cancelled', async () => {
    const scheduled: NotificationListItem = {
      ...base,
      id: 3,
      title: 'Tonight',
      status: 'scheduled',
      is_scheduled: true,
      scheduled_at: '2026-11-30T20:00:00.000Z',
    };
    const calls = serve((path, method) => {
      if (path.endsWith('/cancel')) return { status: 200, body: { success: true, data: scheduled } };
      if (method === 'GET' && path.endsWith('/admin/notifications'))
        return {
          status: 200,
          body: { success: true, data: { notifications: [scheduled], has_more: false } },
        };
      return undefined;
    });
    const user = renderPage();
    await screen.findByText('Tonight', { selector: 'td span' });
    expect(rowOf('Tonight').queryByRole('button', { name: 'Send Tonight' })).toBeNull();
    await user.click(rowOf('Tonight').getByRole('button', { name: 'Cancel Tonight' }));
    expect(await screen.findByText('Notification cancelled')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/admin/notifications/3/cancel'))).toBe(
      true,
    );
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
    const dave = userRow({
      id: 'd0000000-0000-4000-8000-00000000000d',
      username: 'dave',
      full_name: 'Dave Doe',
      created_at: base.created_at,
    });
    const calls = serve((path, method, search) => {
      if (path.endsWith('/admin/public/users')) {
        const users = search.get('search') === 'dav' ? [dave] : [];
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
      if (method === 'PUT') return { status: 200, body: { success: true, data: draft } };
      if (path.endsWith('/admin/notifications'))
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
