import type { LivePoint } from '@switchboard/contract/monitoring';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboard, STATS } from '@/testing/dashboard-fixture.ts';
import { HEALTH } from '@/testing/health-fixture.ts';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { Providers, storeSignedInSession } from '@/testing/render-app.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const socket = vi.hoisted(() => ({ handlers: {} as import('@/lib/use-live-socket.ts').LiveHandlers }));
vi.mock('@/lib/use-live-socket.ts', () => ({
  useLiveSocket: (handlers: typeof socket.handlers) => {
    socket.handlers = handlers;
    return { connected: false };
  },
}));

function serve(activity: unknown[] | null) {
  return mockFetch((call) => {
    if (activity === null) return jsonResponse({ success: false, message: 'Database unavailable' }, 500);
    if (call.url.startsWith('/api/v1/admin/dashboard'))
      return jsonResponse({ success: true, data: dashboard(activity) });
    if (call.url.startsWith('/api/v1/admin/stats')) return jsonResponse({ success: true, data: STATS });
    if (call.url.startsWith('/api/v1/admin/calls/verdicts'))
      return jsonResponse({
        success: true,
        data: {
          verdicts: [
            { verdict: 'relay_needed', calls: 12 },
            { verdict: 'never_answered', calls: 4 },
          ],
        },
      });
    return jsonResponse({ success: true, data: HEALTH });
  });
}

describe('Dashboard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the figures, health bars and recent activity', async () => {
    storeSignedInSession();
    serve([
      {
        id: 'user-1',
        type: 'user',
        details: 'New user alice signed up',
        user_id: 'u-alice',
        username: 'alice',
        timestamp: '2026-11-23T09:00:00.000Z',
      },
      {
        id: 'audit-2',
        type: 'admin',
        details: 'admin: user.suspend user bob',
        user_id: 'u-bob',
        username: 'bob',
        timestamp: '2026-11-23T08:00:00.000Z',
      },
    ]);
    render(
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>,
      { wrapper: Providers },
    );
    expect((await screen.findAllByText('1,500')).length).toBeGreaterThan(0);
    expect(screen.getByText('42 active')).toBeInTheDocument();
    // Connected calls are the active ones; ringing calls are their own figure, as on the Calls screen.
    expect(screen.getByText('7 active · 2 ringing')).toBeInTheDocument();
    // The user an item names is a link to their page, by username.
    expect(screen.getByRole('link', { name: 'alice' })).toHaveAttribute('href', '/users/u-alice');
    expect(screen.getByRole('link', { name: 'alice' }).parentElement).toHaveTextContent(
      'New user alice signed up',
    );
    expect(screen.getByRole('link', { name: 'bob' }).parentElement).toHaveTextContent(
      'admin: user.suspend user bob',
    );
    expect(screen.getByRole('meter', { name: 'CPU Usage' })).toHaveAttribute('data-level', 'high');
    expect(screen.getByText('33.3 ms')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Auto-refresh (30s)' })).toBeChecked();
    // Why calls went wrong today, most frequent first, each opening the calls it counts.
    const relay = await screen.findByRole('link', { name: 'No network path: a relay (TURN) is needed' });
    expect(relay).toHaveAttribute('href', '/calls?verdict=relay_needed');
    expect(relay.parentElement).toHaveTextContent('12');
  });

  it("says 'No recent activity' when nothing happened", async () => {
    storeSignedInSession();
    serve([]);
    render(
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>,
      { wrapper: Providers },
    );
    expect(await screen.findByText('No recent activity')).toBeInTheDocument();
  });

  it('shows the error with Try Again', async () => {
    storeSignedInSession();
    serve(null);
    render(
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>,
      { wrapper: Providers },
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Database unavailable')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('draws the live figures the socket pushes: online users, active calls, attempts, poor-call share', async () => {
    storeSignedInSession();
    serve([]);
    render(
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>,
      { wrapper: Providers },
    );
    expect(await screen.findByText('Waiting for the first live figures…')).toBeInTheDocument();
    const point = (at: string, active: number): LivePoint => ({
      at,
      online_users: 120,
      active_calls: active,
      ringing_calls: 1,
      call_attempts_per_minute: 9,
      poor_call_share: 0.25,
    });
    act(() =>
      socket.handlers.live_series?.([
        point('2026-11-26T06:00:00.000Z', 4),
        point('2026-11-26T06:00:05.000Z', 6),
      ]),
    );
    expect(screen.getByTestId('live-active_calls')).toHaveTextContent('6');
    expect(screen.getByTestId('live-poor_call_share')).toHaveTextContent('25.0%');
  });
});
