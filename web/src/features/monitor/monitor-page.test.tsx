import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { Providers, storeSignedInSession } from '@/testing/render-app.tsx';
import { MonitorPage } from './monitor-page.tsx';

vi.mock('@/lib/use-live-socket.ts', () => ({ useLiveSocket: () => ({ connected: false }) }));

const alert = (id: number, severity: string) => ({
  id,
  instance_id: 'a',
  rule: `r${id}`,
  severity,
  message: `alert ${id}`,
  timestamp: '2026-11-23T10:00:00.000Z',
  cleared_at: null,
});

describe('Real-time Monitor', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the live figures, status, uptime and up to five alerts coloured by severity', async () => {
    storeSignedInSession();
    mockFetch((call) => {
      if (call.url.startsWith('/api/v1/monitoring/metrics'))
        return jsonResponse({
          success: true,
          data: {
            activeConnections: 12,
            activeCalls: 3,
            onlineUsers: 45,
            callQuality: { averageQuality: 4.25 },
            systemMetrics: { cpuUsage: 55, memoryUsage: 92, diskUsage: 71, networkLatency: 3.5 },
            timestamp: '2026-11-23T10:00:00.000Z',
          },
        });
      if (call.url.startsWith('/api/v1/monitoring/status'))
        return jsonResponse({ success: true, data: { status: 'healthy', uptime: 7380, instances: [] } });
      return jsonResponse({
        success: true,
        data: { alerts: ['critical', 'high', 'medium', 'low', 'low', 'low'].map((s, i) => alert(i + 1, s)) },
      });
    });
    render(<MonitorPage />, { wrapper: Providers });
    expect(await screen.findByText('45')).toBeInTheDocument();
    expect(screen.getByText('4.3/5')).toBeInTheDocument();
    expect(screen.getByTestId('system-status')).toHaveTextContent('healthy');
    expect(screen.getByText('Uptime 2h 3m')).toBeInTheDocument();
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    expect(screen.getByText('3.5 ms')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Memory usage' })).toHaveAttribute('data-level', 'high');
    const shown = screen
      .getAllByText(/^alert \d$/)
      .map((el) => el.closest('[data-severity]')?.getAttribute('data-severity'));
    expect(shown).toEqual(['red', 'red', 'yellow', 'blue', 'blue']);
  });

  it('disables the interval select while auto-refresh is off', async () => {
    storeSignedInSession();
    mockFetch(() => jsonResponse({ success: false, message: 'down' }, 500));
    render(<MonitorPage />, { wrapper: Providers });
    const select = screen.getByRole('combobox', { name: 'Refresh interval' });
    expect(select).toHaveValue('5000');
    expect(select).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Auto-refresh ON' }));
    expect(screen.getByRole('button', { name: 'Auto-refresh OFF' })).toBeInTheDocument();
    expect(select).toBeDisabled();
  });
});
