import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_STATS, HEALTH, METRICS_SAMPLE } from '@/testing/health-fixture.ts';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { Providers, storeSignedInSession } from '@/testing/render-app.tsx';
import { PerformancePage } from './performance-page.tsx';

const serve = (fail = false) =>
  mockFetch((call) => {
    if (fail) return jsonResponse({ success: false, message: 'boom' }, 500);
    if (call.url.startsWith('/api/v1/health/detailed')) return jsonResponse({ success: true, data: HEALTH });
    if (call.url.startsWith('/api/v1/performance/metrics'))
      return jsonResponse({ success: true, data: { current: METRICS_SAMPLE, history: [], instances: [] } });
    return jsonResponse({ success: true, data: ADMIN_STATS });
  });

describe('Performance Monitor', () => {
  it('shows health, usage bars in the threshold colours, the latency label and uptime', async () => {
    storeSignedInSession();
    serve();
    render(<PerformancePage />, { wrapper: Providers });
    expect(await screen.findByText('High CPU usage (91.0%)')).toBeInTheDocument();
    expect(screen.getByTestId('health-status')).toHaveTextContent('warning');
    expect(screen.getByRole('meter', { name: 'CPU Usage' })).toHaveAttribute('data-level', 'high');
    expect(screen.getByRole('meter', { name: 'Memory Usage' })).toHaveAttribute('data-level', 'medium');
    expect(screen.getByRole('meter', { name: 'Disk Usage' })).toHaveAttribute('data-level', 'low');
    expect(screen.getByText('Fair')).toBeInTheDocument();
    expect(screen.getByText('1d 2h 3m')).toBeInTheDocument();
    expect(screen.getByText('1234')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Auto-refresh' })).toBeChecked();
  });

  it('shows the error screen with Retry when the metrics cannot be fetched', async () => {
    storeSignedInSession();
    const { calls } = serve(true);
    render(<PerformancePage />, { wrapper: Providers });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Performance Monitor Error')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to fetch performance metrics from backend')).toBeInTheDocument();
    const before = calls.length;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(calls.length).toBeGreaterThan(before);
  });
});
