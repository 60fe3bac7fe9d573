import type { Backup, DatabaseOverview, DatabaseSample } from '@switchboard/contract/database';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session-context.tsx';
import type { FetchCall } from '@/testing/fetch-call.ts';
import { jsonResponse, mockFetch, offContract } from '@/testing/mock-fetch.ts';
import { storeSignedInSession, TEST_USER } from '@/testing/render-app.tsx';
import { renderScreen } from '@/testing/render-screen.tsx';
import { DatabasePage } from './database-page.tsx';

const overview: DatabaseOverview = {
  engine: 'postgresql',
  total_tables: 2,
  total_records: 1_000_120,
  database_size_bytes: 3 * 1024 * 1024,
  last_backup: null,
  pool: { active: 2, idle: 3, total: 5 },
  tables: [
    { name: 'users', records: 120, records_estimated: false, size_bytes: 2048, last_updated: null },
    {
      name: 'calls',
      records: 1_000_000,
      records_estimated: true,
      size_bytes: 1024 * 1024,
      last_updated: null,
    },
  ],
  indexes: [{ name: 'users_email_key', table: 'users', columns: ['email'], unique: true, size_bytes: 4096 }],
};
const sample: DatabaseSample = {
  users: {
    total: 120,
    rows: [
      {
        id: '1',
        username: 'alice',
        full_name: 'Alice Doe',
        email: 'alice@example.com',
        is_active: false,
        is_admin: true,
        call_count: 7,
        coin_balance: 12_500,
        last_login: null,
      },
    ],
  },
  calls: {
    total: 1_000_000,
    rows: [
      { id: '9', caller: 'alice', callee: 'bob', type: 'video', status: 'completed', duration: 75, cost: 30 },
      { id: '8', caller: 'bob', callee: 'alice', type: 'voice', status: 'failed', duration: 0, cost: 0 },
    ],
  },
};

const backup: Backup = {
  id: '3',
  filename: 'backup-3.dump',
  size_bytes: 1024,
  status: 'completed',
  trigger: 'manual',
  created_at: '2026-11-01T10:00:00.000Z',
  completed_at: '2026-11-01T10:00:01.000Z',
  error: null,
};

function serve(overrides: (call: FetchCall) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    if (call.url === '/api/v1/database/overview') return jsonResponse({ success: true, data: overview });
    if (call.url === '/api/v1/database/sample') return jsonResponse({ success: true, data: sample });
    if (call.url === '/api/v1/database/backups') return jsonResponse({ success: true, data: [] });
    return jsonResponse({ success: false, message: 'unexpected' }, 404);
  });
}

const renderPage = () =>
  renderScreen(
    <SessionProvider>
      <DatabasePage />
    </SessionProvider>,
  );

beforeEach(() => storeSignedInSession());
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Database Management', () => {
  it('shows the live overview: totals, size, pool and no backup yet', async () => {
    serve();
    renderPage();
    expect(await screen.findByText('Total Tables')).toBeInTheDocument();
    expect(screen.getByText('~1,000,120')).toBeInTheDocument();
    expect(screen.getByText('3.0 MB')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Connections in use' })).toHaveAttribute('aria-valuenow', '40');
    for (const name of ['Create Backup', 'Optimize Database', 'Vacuum Database'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('marks estimated row counts and lists the indexes', async () => {
    serve();
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Tables' }));
    const calls = screen.getByRole('row', { name: /calls/ });
    expect(within(calls).getByText('(estimated)')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /users/ })).queryByText('(estimated)')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Indexes' }));
    const row = screen.getByRole('row', { name: /users_email_key/ });
    expect(within(row).getByText('Unique')).toBeInTheDocument();
    expect(within(row).getByText('4.0 KB')).toBeInTheDocument();
  });

  it('shows the first users and calls in the spec formats with "Showing first 10 of N"', async () => {
    serve();
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    const alice = await screen.findByRole('row', { name: /Alice Doe/ });
    for (const text of ['A', '@alice', 'alice@example.com', 'Inactive', 'Admin', '7', '12,500', 'Never'])
      expect(within(alice).getByText(text)).toBeInTheDocument();
    expect(screen.getByText('Showing first 1 of 120')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Calls' }));
    expect(within(screen.getByRole('row', { name: /#9/ })).getByText('1m 15s')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /#8/ })).getByText('0s')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /#9/ })).getByText('30 coins')).toBeInTheDocument();
    expect(screen.getByText('Showing first 2 of 1,000,000')).toBeInTheDocument();
  });

  it('shows the server error with Retry, and Retry loads the screen', async () => {
    let fail = true;
    serve((call) =>
      fail && call.url === '/api/v1/database/overview'
        ? jsonResponse({ success: false, message: 'Database unreachable' }, 503)
        : undefined,
    );
    const { user } = renderPage();
    expect(await screen.findByText('Database unreachable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Total Tables')).toBeInTheDocument();
  });

  it('says "No backups found", runs vacuum and shows how long it took', async () => {
    const { calls } = serve((call) =>
      call.url === '/api/v1/database/vacuum'
        ? jsonResponse({ success: true, message: 'Vacuum completed in 42 ms', duration_ms: 42 })
        : undefined,
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Optimization' }));
    expect(await screen.findAllByText('No backups found')).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Run Vacuum' }));
    expect(await screen.findByText('took 42 ms')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/v1/database/vacuum' && c.method === 'POST')).toBe(true);
  });

  it('says "Failed to create backup" when the backup fails without a message', async () => {
    serve((call) =>
      call.url === '/api/v1/database/backup' ? offContract(jsonResponse({}, 500)) : undefined,
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create Backup' }));
    expect(await screen.findByText('Failed to create backup')).toBeInTheDocument();
  });

  it('restores only after the root admin types RESTORE, and says a backup is taken first', async () => {
    const { calls } = serve((call) => {
      if (call.url === '/api/v1/database/backups') return jsonResponse({ success: true, data: [backup] });
      if (call.url === '/api/v1/database/backups/3/restore')
        return jsonResponse({ success: true, message: 'Backup restored' });
      return undefined;
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Optimization' }));
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('An automatic backup of the current state is taken first.');
    const confirm = within(dialog).getByRole('button', { name: 'Restore' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type RESTORE to confirm'), 'RESTORE');
    await user.click(confirm);
    expect(await screen.findByText('Backup restored')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/restore'))?.body).toEqual({ confirmation: 'RESTORE' });
  });

  it('offers no restore to an admin who is not root', async () => {
    storeSignedInSession({ user: { ...TEST_USER, is_root_admin: false } });
    serve((call) =>
      call.url === '/api/v1/database/backups' ? jsonResponse({ success: true, data: [backup] }) : undefined,
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Optimization' }));
    expect(await screen.findByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });
});
