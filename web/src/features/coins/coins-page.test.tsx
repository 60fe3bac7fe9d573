import { COIN_MESSAGES } from '@switchboard/contract/coins';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client.ts';
import { StaticSession } from '@/lib/session-context.tsx';
import { serveFetch } from '@/testing/mock-fetch.ts';
import { TEST_USER } from '@/testing/render-app.tsx';
import { CoinsPage } from './coins-page.tsx';
import { coinsPage, json, transaction, userId } from './testing/coins-fixtures.ts';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

function serve(handler: Handler) {
  const calls: { url: URL; init: RequestInit }[] = [];
  serveFetch(
    vi.fn(async (input: URL | string, init: RequestInit = {}) => {
      const url = new URL(String(input));
      // The packages card asks for its list beside the page's own requests.
      if (url.pathname.endsWith('/admin/coins/packages'))
        return json(200, { success: true, data: { packages: [] } });
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
  return calls;
}

function renderPage(entry = '/coin-management') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <StaticSession user={TEST_USER}>
        <MemoryRouter initialEntries={[entry]}>
          <CoinsPage />
        </MemoryRouter>
      </StaticSession>
    </QueryClientProvider>,
  );
  return user;
}

const picker = [
  {
    id: userId(2),
    username: 'alice',
    email: 'a@example.test',
    full_name: null,
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
  },
];
const usersPage = () =>
  json(200, {
    success: true,
    data: {
      users: picker,
      total: 1,
      page: 1,
      limit: 8,
      total_pages: 1,
      total_capped: false,
      next_cursor: null,
    },
  });

beforeAll(() => configureApiClient({ getAccessToken: () => 'test-token' }));
afterEach(() => vi.unstubAllGlobals());

describe('CoinsPage', () => {
  it('shows a skeleton, then the statistics, top lists and signed, coloured amounts', async () => {
    serve(() =>
      json(200, {
        success: true,
        data: coinsPage([
          transaction(2, {
            amount: -30,
            transaction_type: 'penalty',
            balance_after: 70,
            description: 'Chargeback',
          }),
          transaction(1),
        ]),
      }),
    );
    renderPage();
    expect(screen.getByText('Manage user coins and transactions')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Loading recent transactions' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Recent Transactions' });
    expect(screen.getByText('1,500')).toBeInTheDocument();
    expect(screen.getByText('75.5')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Top Earners' })).getByText('+1,200')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Top Spenders' })).getByText('-300')).toBeInTheDocument();
    const minus = within(table).getByText('-30');
    expect(minus).toHaveClass('text-destructive');
    expect(within(table).getByText('+100')).toHaveClass('text-success');
    expect(within(table).getByText('Penalty')).toBeInTheDocument();
    expect(within(table).getByText('Chargeback')).toBeInTheDocument();
  });

  it('shows the failure with Retry and no sample data, and loads on Retry', async () => {
    let fail = true;
    serve(() =>
      fail
        ? json(500, { success: false, message: 'boom' })
        : json(200, { success: true, data: coinsPage([transaction(1)]) }),
    );
    const user = renderPage();
    expect(await screen.findByText(COIN_MESSAGES.fetchFailed)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Recent Transactions' })).not.toBeInTheDocument();
    expect(screen.queryByText('1,500')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('table', { name: 'Recent Transactions' })).toBeInTheDocument();
  });

  it('sends the search and type filter to the server', async () => {
    const calls = serve((url) =>
      url.pathname.endsWith('/admin/public/coins')
        ? json(200, { success: true, data: coinsPage([transaction(1)]) })
        : usersPage(),
    );
    const user = renderPage();
    await screen.findByRole('table', { name: 'Recent Transactions' });
    await user.type(screen.getByPlaceholderText('Search transactions...'), 'prize');
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('search')).toBe('prize'));
    await user.click(screen.getByRole('combobox', { name: 'Transaction type' }));
    for (const name of ['All Types', 'Earn', 'Spend', 'Transfer', 'Bonus'])
      expect(screen.getByRole('option', { name })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Penalty' }));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('type')).toBe('penalty'));
  });

  it('adds coins: Add is disabled until user, amount and description are set, then the dialog closes and the list reloads', async () => {
    let listed = 0;
    const calls = serve((url, init) => {
      if (url.pathname.endsWith('/admin/coins/add'))
        return json(200, {
          success: true,
          data: { transaction: transaction(9, { amount: 25 }), replayed: false },
        });
      if (url.pathname.endsWith('/admin/public/users')) return usersPage();
      listed += init.method === undefined || init.method === 'GET' ? 1 : 0;
      return json(200, { success: true, data: coinsPage([transaction(1)]) });
    });
    const user = renderPage();
    await screen.findByRole('table', { name: 'Recent Transactions' });
    await user.click(screen.getByRole('button', { name: 'Add Coins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Coins to User' });
    const submit = within(dialog).getByRole('button', { name: 'Add Coins' });
    expect(submit).toBeDisabled();
    const combo = within(dialog).getByPlaceholderText('Select a user...');
    await user.type(combo, 'ali');
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url.pathname.endsWith('/admin/public/users') && c.url.searchParams.get('search') === 'ali',
        ),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('option', { name: 'alice (100 coins)' }));
    await user.type(within(dialog).getByLabelText('Amount'), '25');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Description'), 'Prize');
    expect(submit).toBeEnabled();
    const before = listed;
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const add = calls.find((c) => c.url.pathname.endsWith('/admin/coins/add'));
    expect(JSON.parse(String(add?.init.body))).toEqual({
      user_id: userId(2),
      amount: 25,
      description: 'Prize',
    });
    expect(new Headers(add?.init.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(listed).toBeGreaterThan(before));
    // Reopened, the form is empty.
    await user.click(screen.getByRole('button', { name: 'Add Coins' }));
    const again = await screen.findByRole('dialog', { name: 'Add Coins to User' });
    expect(within(again).getByLabelText('Amount')).toHaveValue(null);
    expect(within(again).getByPlaceholderText('Select a user...')).toHaveValue('');
  });

  it('keeps the user list shut until typing or the down arrow, so Cancel stays clickable', async () => {
    serve((url) =>
      url.pathname.endsWith('/admin/public/users')
        ? usersPage()
        : json(200, { success: true, data: coinsPage([transaction(1)]) }),
    );
    const user = renderPage();
    await screen.findByRole('table', { name: 'Recent Transactions' });
    await user.click(screen.getByRole('button', { name: 'Add Coins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Coins to User' });
    const picker = within(dialog).getByPlaceholderText('Select a user...');
    await user.click(picker);
    expect(picker).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(picker).toHaveAttribute('aria-expanded', 'false');

    // The down arrow opens it; Escape shuts the list and leaves the dialog open.
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'alice (100 coins)' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(dialog).toBeInTheDocument();

    // Typing opens it too; leaving the field shuts it, and Cancel closes the dialog with no one picked.
    await user.type(picker, 'al');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Amount'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal, or 'Failed to add coins', and keeps the dialog open", async () => {
    let answer = json(409, { success: false, message: 'Insufficient coin balance' });
    serve((url) => {
      if (url.pathname.endsWith('/admin/coins/add')) return answer;
      if (url.pathname.endsWith('/admin/public/users')) return usersPage();
      return json(200, { success: true, data: coinsPage([transaction(1)]) });
    });
    const user = renderPage();
    await screen.findByRole('table', { name: 'Recent Transactions' });
    await user.click(screen.getByRole('button', { name: 'Add Coins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Coins to User' });
    await user.type(within(dialog).getByPlaceholderText('Select a user...'), 'a');
    await user.click(await screen.findByRole('option', { name: 'alice (100 coins)' }));
    await user.type(within(dialog).getByLabelText('Amount'), '-500');
    await user.type(within(dialog).getByLabelText('Description'), 'Fine');
    await user.click(within(dialog).getByRole('button', { name: 'Add Coins' }));
    expect(await within(dialog).findByText('Insufficient coin balance')).toBeInTheDocument();
    answer = new Response('<html>bad gateway</html>', { status: 502 });
    await user.click(within(dialog).getByRole('button', { name: 'Add Coins' }));
    expect(await within(dialog).findByText(COIN_MESSAGES.addFailed)).toBeInTheDocument();
  });
});
