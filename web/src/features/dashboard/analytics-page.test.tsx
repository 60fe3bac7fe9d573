import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { dashboard, STATS } from '@/testing/dashboard-fixture.ts';
import { HEALTH } from '@/testing/health-fixture.ts';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { AnalyticsPage } from './analytics-page.tsx';

vi.mock('@/lib/use-live-socket.ts', () => ({ useLiveSocket: () => ({ connected: false }) }));

const daysOf = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    day: new Date(Date.UTC(2026, 10, 26 - (n - 1 - i))).toISOString().slice(0, 10),
    voice: 1,
    video: 0,
    group: 0,
    success_rate: 100,
    average_quality: 4,
    coins_earned: 0,
    coins_spent: 0,
  }));

function serve() {
  return mockFetch((call) => {
    if (call.url.startsWith('/api/v1/admin/dashboard'))
      return jsonResponse({ success: true, data: dashboard([]) });
    if (call.url.startsWith('/api/v1/admin/stats')) return jsonResponse({ success: true, data: STATS });
    if (call.url.startsWith('/api/v1/health')) return jsonResponse({ success: true, data: HEALTH });
    if (call.url.startsWith('/api/v1/admin/calls/verdicts'))
      return jsonResponse({ success: true, data: { verdicts: [] } });
    if (call.url.startsWith('/api/v1/admin/calls/setup-funnel'))
      return jsonResponse({
        success: true,
        data: {
          hours: [
            { hour: '2026-11-23T09:00:00.000Z', step: 'ringing', calls: 40, p50_ms: 310, p95_ms: 820 },
            { hour: '2026-11-23T09:00:00.000Z', step: 'first_media', calls: 31, p50_ms: 90, p95_ms: 12_400 },
          ],
        },
      });
    if (call.url.startsWith('/api/v1/admin/coins/revenue'))
      return jsonResponse({
        success: true,
        data: {
          days: [{ day: '2026-03-01', currency: 'EUR', revenue_cents: 499, purchases: 1, coins: 550 }],
        },
      });
    const days = Number(new URL(call.url, 'http://x').searchParams.get('days') ?? 30);
    return jsonResponse({ success: true, data: { days: daysOf(days) } });
  });
}

function Search() {
  return <output aria-label="search">{useLocation().search}</output>;
}

function renderAt(entry: string) {
  return renderScreen(
    <Routes>
      <Route
        path="/analytics"
        element={
          <>
            <AnalyticsPage />
            <Search />
          </>
        }
      />
    </Routes>,
    entry,
  );
}

describe('Analytics', () => {
  it('shows p50 / p95 of each call setup step per hour', async () => {
    serve();
    renderAt('/analytics');
    const table = await screen.findByRole('table', { name: 'Call setup per hour' });
    expect(within(table).getByRole('columnheader', { name: 'Ringing on the callee' })).toBeInTheDocument();
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('310 ms / 820 ms');
    expect(row).toHaveTextContent('90 ms / 12 s');
  });

  it('opens on its heading, focused, with the last 30 days', async () => {
    const { calls } = serve();
    renderAt('/analytics');
    const heading = screen.getByRole('heading', { name: 'Analytics', level: 1 });
    expect(heading).toHaveFocus();
    expect(screen.getByText('The last 30 days')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls.some((c) => c.url.includes('days=30'))).toBe(true));
    // The rest of the dashboard follows, under the analytics (the spec: /analytics shows the dashboard).
    const dashboardHeading = await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(heading.compareDocumentPosition(dashboardHeading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows paid revenue per day and currency, with the coins bought beside the money', async () => {
    serve();
    renderAt('/analytics');
    const table = await screen.findByRole('table', { name: 'Revenue per day' });
    expect(within(table).getByText('EUR')).toBeInTheDocument();
    expect(within(table).getByText('550 coins')).toBeInTheDocument();
    expect(within(table).getAllByText(/4\.99/).length).toBeGreaterThan(0);
  });

  it('asks the server for the span chosen and keeps it in the URL', async () => {
    const { calls } = serve();
    const { user } = renderAt('/analytics');
    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('The last 7 days')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'search' })).toHaveTextContent('?days=7');
    await waitFor(() => expect(calls.some((c) => c.url.includes('days=7'))).toBe(true));
  });

  it('opens on the span in the URL, and on 30 days when the URL names another', async () => {
    serve();
    renderAt('/analytics?days=90');
    expect(screen.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
    renderAt('/analytics?days=12');
    expect(screen.getAllByRole('button', { name: '30 days' }).at(-1)).toHaveAttribute('aria-pressed', 'true');
  });
});
