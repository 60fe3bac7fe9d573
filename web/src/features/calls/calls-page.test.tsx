import type { CallInspection } from '@switchboard/contract/call-inspector';
import type { CallQualityCrossing } from '@switchboard/contract/call-quality';
import type { CallStatistics, CallView } from '@switchboard/contract/calls';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client.ts';
import { StaticSession } from '@/lib/session-context.tsx';
import { serveFetch } from '@/testing/mock-fetch.ts';
import { TEST_USER } from '@/testing/render-app.tsx';
import { LIVE_CALLS_POLL_MS } from './api.ts';
import { CallsPage } from './calls-page.tsx';

const STATS: CallStatistics = {
  total_calls: 1234,
  active_calls: 3,
  ringing_calls: 2,
  completed_calls: 1000,
  failed_calls: 50,
  total_duration: 205_000,
  average_duration: 205,
  total_revenue: 12.5,
  total_coins: 5000,
  revenue_value: { cents: 4163, currency: 'USD' },
  coin_value: { cents_per_coin: 0.8325, currency: 'USD', package_id: 3, package_name: 'Best value' },
  average_quality: 4.2,
  flagged_calls: 7,
};

const call = (id: number, extra: Partial<CallView> = {}): CallView => ({
  id,
  caller_id: 'a',
  callee_id: 'b',
  caller_username: `caller${id}`,
  callee_username: `callee${id}`,
  status: 'ended',
  duration: 125,
  quality: 4.5,
  started_at: '2026-11-20T10:00:00.000Z',
  ended_at: '2026-11-20T10:02:05.000Z',
  type: 'voice',
  is_anonymous: false,
  cost: 0.06,
  coins_used: 3,
  created_at: '2026-11-20T10:00:00.000Z',
  end_reason: null,
  quality_flags: [],
  running_coins: null,
  live_mos: null,
  cost_value: { cents: 2, currency: 'USD' },
  ...extra,
});

/** A call placed through the app that connected through a relay and then sounded bad on the callee's side. */
const INSPECTION: CallInspection = {
  funnel: [
    { step: 'invite_sent', side: 'caller', at: '2026-01-01T10:00:00.000Z', after_invite_ms: 0 },
    { step: 'ringing', side: 'callee', at: '2026-01-01T10:00:00.400Z', after_invite_ms: 400 },
  ],
  paths: [
    {
      side: 'caller',
      local_candidate_type: 'relay',
      remote_candidate_type: 'srflx',
      transport: 'udp',
      relay_server: 'turn:turn.example.org:3478',
      rtt_ms: 83,
      reported_at: '2026-01-01T10:00:05.000Z',
    },
  ],
  verdict: {
    verdict: 'poor_network_callee',
    summary: "Poor network on the callee's side: 8% loss for 40 s",
    evidence: ["8 of 9 samples from the callee's side were over the limit (8% loss on average in those)."],
    judged_at: '2026-01-01T10:03:00.000Z',
  },
  judged: true,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve(
  options: {
    failList?: () => boolean;
    rows?: CallView[] | (() => CallView[]);
    crossings?: CallQualityCrossing[];
  } = {},
) {
  const requests: URL[] = [];
  const rowsNow = () =>
    typeof options.rows === 'function'
      ? options.rows()
      : (options.rows ?? [call(1), call(2, { status: 'active', ended_at: null, type: 'video' })]);
  serveFetch(
    vi.fn(async (input: URL | string) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      if (url.pathname.endsWith('/admin/calls/statistics')) return json({ success: true, data: STATS });
      const one = /\/admin\/calls\/(\d+)$/.exec(url.pathname);
      if (one)
        return one[1] === '77'
          ? json({ success: true, data: call(77, { caller_username: 'linked_caller' }) })
          : json({ success: false, message: 'Call not found' }, 404);
      if (url.pathname.endsWith('/inspection')) return json({ success: true, data: INSPECTION });
      if (url.pathname.endsWith('/quality'))
        return json({
          success: true,
          data: { samples: [], crossings: options.crossings ?? [], worse_side: null },
        });
      if (options.failList?.()) return json({ success: false, message: 'boom' }, 500);
      const rows = rowsNow();
      return json({
        success: true,
        data: {
          calls: rows,
          total: rows.length,
          page: 1,
          limit: 20,
          total_pages: 1,
          total_capped: false,
          next_cursor: null,
        },
      });
    }),
  );
  return {
    listQueries: () =>
      requests.filter((u) => u.pathname.endsWith('/admin/public/calls')).map((u) => u.searchParams),
    statsQueries: () =>
      requests.filter((u) => u.pathname.endsWith('/admin/calls/statistics')).map((u) => u.searchParams),
  };
}

/** The URL's query, shown so a test can read what the page left in it. */
function QueryProbe() {
  return <output aria-label="URL query">{useLocation().search}</output>;
}

function renderPage(entry = '/calls') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StaticSession user={TEST_USER}>
        <MemoryRouter initialEntries={[entry]}>
          <CallsPage />
          <QueryProbe />
        </MemoryRouter>
      </StaticSession>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeAll(() => configureApiClient({ getAccessToken: () => 'test-token' }));
afterEach(() => vi.unstubAllGlobals());

describe('CallsPage', () => {
  it('shows a skeleton, then the cards and the Recent Calls table from the server', async () => {
    serve();
    renderPage();
    expect(screen.getByText('Monitor and manage voice and video calls')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Loading recent calls' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Recent Calls' });
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('3:25')).toBeInTheDocument();
    // Revenue from calls is coins, with their money value at the package price beside them.
    expect(screen.getByText('5,000 coins')).toBeInTheDocument();
    expect(screen.getByText('$41.63 at the Best value package price')).toBeInTheDocument();
    expect(screen.queryByText('$12.50')).not.toBeInTheDocument();
    for (const label of ['Total Calls', 'Active Calls', 'Avg Duration', 'Total Revenue'])
      expect(screen.getByText(label)).toBeInTheDocument();
    for (const head of ['Call Details', 'Status', 'Duration', 'Quality', 'Cost', 'Actions'])
      expect(within(table).getByRole('columnheader', { name: head })).toBeInTheDocument();
    expect(within(table).getByText('caller1 → callee1')).toBeInTheDocument();
    expect(within(table).getAllByText('4.5/5')).toHaveLength(2);
    expect(screen.getByPlaceholderText('Search calls by username...')).toBeInTheDocument();
    // Only the live call can be ended.
    expect(screen.getAllByRole('button', { name: /^End call/ })).toHaveLength(1);
  });

  it('shows what a call cost in coins with the money value from the package price, never the stored dollars', async () => {
    serve({ rows: [call(1), call(6, { coins_used: 1, cost_value: null })] });
    const user = renderPage();
    const table = await screen.findByRole('table', { name: 'Recent Calls' });
    const row = within(table).getByRole('row', { name: /caller1 → callee1/ });
    expect(within(row).getByText('3 coins')).toBeInTheDocument();
    expect(within(row).getByText('· $0.02')).toBeInTheDocument();
    expect(within(table).queryByText(/\$0\.06/)).not.toBeInTheDocument();
    // Without a paid package on sale there is no money value to show: coins alone.
    const free = within(table).getByRole('row', { name: /caller6 → callee6/ });
    expect(within(free).getByText('1 coin')).toBeInTheDocument();
    expect(within(free).queryByText(/\$/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View call caller1 → callee1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('3 coins')).toBeInTheDocument();
    expect(within(dialog).getByText('· $0.02')).toBeInTheDocument();
    expect(within(dialog).queryByText(/\$0\.06/)).not.toBeInTheDocument();
  });

  it('shows an active call with its latest MOS and running cost, and follows them as they change', async () => {
    // The clock runs on its own, and the test moves it one poll ahead instead of waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let later = false;
      serve({
        rows: () => [
          call(1),
          call(8, {
            status: 'active',
            ended_at: null,
            duration: 0,
            quality: null,
            coins_used: 0,
            running_coins: later ? 5 : 4,
            live_mos: later ? 4.1 : 3.6,
            cost_value: { cents: later ? 4 : 3, currency: 'USD' },
          }),
        ],
      });
      const user = renderPage();
      await screen.findByRole('table', { name: 'Recent Calls' });
      // `hidden`: the open details make the rest of the page inert to assistive technology.
      const row = () =>
        within(screen.getByRole('table', { name: 'Recent Calls', hidden: true })).getByRole('row', {
          name: /caller8 → callee8/,
          hidden: true,
        });
      expect(within(row()).getByText('3.6/5 (live)')).toBeInTheDocument();
      expect(within(row()).getByText('4 coins so far')).toBeInTheDocument();
      expect(within(row()).getByText('· $0.03')).toBeInTheDocument();
      expect(within(row()).queryByText('N/A')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'View call caller8 → callee8' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('4 coins so far')).toBeInTheDocument();
      expect(within(dialog).getByText('3.6/5 (live)')).toBeInTheDocument();

      // The call runs on; the list reloads while it shows an active call, and the row and the open details follow.
      later = true;
      await vi.advanceTimersByTimeAsync(LIVE_CALLS_POLL_MS);
      await waitFor(() => expect(within(row()).getByText('4.1/5 (live)')).toBeInTheDocument());
      expect(within(row()).getByText('5 coins so far')).toBeInTheDocument();
      const open = screen.getByRole('dialog');
      expect(within(open).getByText('5 coins so far')).toBeInTheDocument();
      expect(within(open).getByText('· $0.04')).toBeInTheDocument();
      expect(within(open).getByText('4.1/5 (live)')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens the details of the call the URL names (the palette links /calls?call=<id>)', async () => {
    serve();
    const user = renderPage('/calls?call=77&search=ali');
    const dialog = await screen.findByRole('dialog', { name: 'Call Details' });
    expect(within(dialog).getByText('Call #77')).toBeInTheDocument();
    expect(within(dialog).getByText('linked_caller')).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Closing takes the link off the URL and keeps the rest of it.
    expect(screen.getByRole('status', { name: 'URL query' })).toHaveTextContent(/^\?search=ali$/);
  });

  it('drops a link to a call that does not exist from the URL, opening nothing', async () => {
    serve();
    renderPage('/calls?call=78&search=ali');
    await waitFor(
      () => expect(screen.getByRole('status', { name: 'URL query' })).toHaveTextContent(/^\?search=ali$/),
      // The list, the stats and the missing call load at once on a busy machine.
      { timeout: 5000 },
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows an anonymous caller with the username, so a search by that name reads true', async () => {
    serve({ rows: [call(5, { is_anonymous: true, caller_username: 'shy' })] });
    renderPage('/calls?search=shy');
    const table = await screen.findByRole('table', { name: 'Recent Calls' });
    expect(within(table).getByText('Anonymous (shy) → callee5')).toBeInTheDocument();
  });

  it('counts ringing calls beside the active ones', async () => {
    serve();
    renderPage();
    expect(await screen.findByText('2 ringing')).toBeInTheDocument();
  });

  it('sends the search and the filters to the server', async () => {
    const server = serve();
    const user = renderPage();
    await screen.findByRole('table', { name: 'Recent Calls' });
    await user.type(screen.getByPlaceholderText('Search calls by username...'), 'ali');
    await waitFor(() => expect(server.listQueries().at(-1)?.get('search')).toBe('ali'));
    await user.click(screen.getByRole('combobox', { name: 'Status filter' }));
    for (const option of ['All Status', 'Active', 'Ended', 'Failed', 'Missed', 'Ringing'])
      expect(screen.getByRole('option', { name: option })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Missed' }));
    await waitFor(() => expect(server.listQueries().at(-1)?.get('status')).toBe('missed'));
    await user.click(screen.getByRole('combobox', { name: 'Type filter' }));
    expect(screen.getByRole('option', { name: 'All Types' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Video' }));
    await waitFor(() =>
      expect(Object.fromEntries(server.listQueries().at(-1) ?? [])).toMatchObject({
        search: 'ali',
        status: 'missed',
        type: 'video',
      }),
    );
  });

  it('shows the failure with Retry, never sample data, and recovers', async () => {
    let fail = true;
    serve({ failList: () => fail });
    const user = renderPage();
    expect(await screen.findByText('Failed to fetch calls data')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Total Calls')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Recent Calls' })).toBeInTheDocument();
  });

  it("reaches the failed calls of the last hour in two clicks: the range and the card's failed count", async () => {
    const server = serve();
    const user = renderPage();
    await screen.findByRole('table', { name: 'Recent Calls' });
    const ranges = screen.getByRole('group', { name: 'Time range' });
    for (const label of ['All time', '15 min', '1 h', '24 h', '7 days', 'Custom'])
      expect(within(ranges).getByRole('button', { name: label })).toBeInTheDocument();
    await user.click(within(ranges).getByRole('button', { name: '1 h' }));
    await waitFor(() => expect(server.statsQueries().at(-1)?.get('range')).toBe('1h'));
    expect(within(ranges).getByRole('button', { name: '1 h' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '50 failed' }));
    await waitFor(() =>
      expect(Object.fromEntries(server.listQueries().at(-1) ?? [])).toMatchObject({
        range: '1h',
        status: 'failed',
      }),
    );
    await user.click(within(ranges).getByRole('button', { name: 'Custom' }));
    await waitFor(() => expect(server.listQueries().at(-1)?.get('range')).toBe('custom'));
    expect(server.listQueries().at(-1)?.get('from')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(screen.getByLabelText('From')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toBeInTheDocument();
  });

  it('shows why a call failed in the list and the details, with links to both parties and the logs', async () => {
    serve({
      rows: [
        call(7, {
          status: 'failed',
          end_reason: 'ice_failed',
          duration: 0,
          caller_id: 'u-1',
          callee_id: 'u-2',
        }),
      ],
    });
    const user = renderPage();
    const table = await screen.findByRole('table', { name: 'Recent Calls' });
    expect(within(table).getByText('Connection (ICE) failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View call caller7 → callee7' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Failure Reason')).toBeInTheDocument();
    expect(within(dialog).getByText('Connection (ICE) failed')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'caller7' })).toHaveAttribute('href', '/users/u-1');
    expect(within(dialog).getByRole('link', { name: 'callee7' })).toHaveAttribute('href', '/users/u-2');
    const logs = within(dialog).getByRole('link', { name: "System logs around the call's start" });
    const target = new URL(logs.getAttribute('href') ?? '', 'http://localhost');
    expect(target.pathname).toBe('/system-logs');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      tab: 'search',
      start: '2026-11-20T09:55:00.000Z',
      end: '2026-11-20T10:07:05.000Z',
    });
  });

  it('opens the details with End Time only when the call has ended, and closes them', async () => {
    serve();
    const user = renderPage();
    await screen.findByRole('table', { name: 'Recent Calls' });
    await user.click(screen.getByRole('button', { name: 'View call caller1 → callee1' }));
    let dialog = await screen.findByRole('dialog');
    for (const label of [
      'Caller',
      'Receiver',
      'Type',
      'Status',
      'Duration',
      'Quality',
      'Cost',
      'Coins Used',
      'Start Time',
      'End Time',
    ])
      expect(within(dialog).getByText(label)).toBeInTheDocument();
    expect(within(dialog).getByText('2:05')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'View call caller2 → callee2' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Start Time')).toBeInTheDocument();
    expect(within(dialog).queryByText('End Time')).not.toBeInTheDocument();
  });

  it('shows how long a connected call has been going, where its record still says 0:00', async () => {
    const startedAt = new Date(Date.now() - (47 * 60 + 12) * 1000).toISOString();
    serve({
      rows: [
        call(1),
        call(3, { status: 'active', ended_at: null, duration: 0, started_at: startedAt }),
        call(4, { status: 'ringing', ended_at: null, duration: 0 }),
      ],
    });
    const user = renderPage();
    const table = await screen.findByRole('table', { name: 'Recent Calls' });
    const running = within(table).getByRole('row', { name: /caller3 → callee3/ });
    expect(within(running).getByText(/^47:1[23]/)).toBeInTheDocument();
    expect(within(running).getByText('so far')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /caller4/ })).getByText('0:00')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /caller1/ })).getByText('2:05')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View call caller3 → callee3' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('so far')).toBeInTheDocument();
  });

  it('filters by poor quality or by one quality flag', async () => {
    const server = serve();
    const user = renderPage();
    await screen.findByRole('table', { name: 'Recent Calls' });
    await user.click(screen.getByRole('combobox', { name: 'Quality filter' }));
    for (const option of [
      'All Quality',
      'Poor quality',
      'High RTT',
      'High jitter',
      'High packet loss',
      'Low MOS',
    ])
      expect(screen.getByRole('option', { name: option })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Poor quality' }));
    await waitFor(() => expect(server.listQueries().at(-1)?.get('quality')).toBe('poor'));
    await user.click(screen.getByRole('combobox', { name: 'Quality filter' }));
    await user.click(screen.getByRole('option', { name: 'High RTT' }));
    await waitFor(() => expect(server.listQueries().at(-1)?.get('flag')).toBe('high_rtt'));
    expect(server.listQueries().at(-1)?.get('quality')).not.toBe('poor');
  });

  it('lists the moments each quality threshold was crossed in the details', async () => {
    const at = '2026-11-20T10:01:05.000Z';
    serve({
      rows: [call(1, { quality_flags: ['high_rtt'] })],
      crossings: [{ side: 'caller', flag: 'high_rtt', crossed_at: at, value: 620 }],
    });
    const user = renderPage();
    await screen.findByRole('table', { name: 'Recent Calls' });
    await user.click(screen.getByRole('button', { name: 'View call caller1 → callee1' }));
    const dialog = await screen.findByRole('dialog');
    const time = new Date(at).toLocaleTimeString(undefined, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    expect(await within(dialog).findByText(`High RTT crossed at ${time} (caller)`)).toBeInTheDocument();
  });

  it('shows why in the details: the verdict with its evidence, the setup steps and the relay each side used', async () => {
    serve({ rows: [call(1)] });
    const user = renderPage();
    await screen.findByRole('table', { name: 'Recent Calls' });
    await user.click(screen.getByRole('button', { name: 'View call caller1 → callee1' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(": Poor network on the callee's side: 8% loss for 40 s"),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Evidence' })).toHaveTextContent(
      "8 of 9 samples from the callee's side were over the limit",
    );
    expect(within(dialog).getByText('Ringing on the callee')).toBeInTheDocument();
    expect(within(dialog).getByText('+0.40 s')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'relay (TURN) → srflx (STUN) over UDP via turn:turn.example.org:3478, RTT 83 ms at connect',
      ),
    ).toBeInTheDocument();
  });

  it('filters by verdict', async () => {
    const server = serve();
    const user = renderPage();
    await screen.findByRole('table', { name: 'Recent Calls' });
    await user.click(screen.getByRole('combobox', { name: 'Verdict filter' }));
    await user.click(screen.getByRole('option', { name: 'No network path: a relay (TURN) is needed' }));
    await waitFor(() => expect(server.listQueries().at(-1)?.get('verdict')).toBe('relay_needed'));
  });
});
