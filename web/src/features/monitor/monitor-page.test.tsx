import type { LivePoint } from '@switchboard/contract/monitoring';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mergeLivePoints } from '@/lib/use-live-series.ts';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { Providers, storeSignedInSession } from '@/testing/render-app.tsx';
import { MonitorPage } from './monitor-page.tsx';

const socket = vi.hoisted(() => ({
  handlers: {} as import('@/lib/use-live-socket.ts').LiveHandlers,
  state: 'disconnected' as import('@/lib/use-live-socket.ts').LiveSocketState,
}));
vi.mock('@/lib/use-live-socket.ts', () => ({
  useLiveSocket: (handlers: typeof socket.handlers) => {
    socket.handlers = handlers;
    return { connected: socket.state === 'connected', state: socket.state };
  },
}));

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
  afterEach(() => {
    vi.restoreAllMocks();
    socket.state = 'disconnected';
  });

  it('says Connecting… until the socket first answers, not Disconnected', async () => {
    storeSignedInSession();
    mockFetch(() => new Promise<Response>(() => {}));
    socket.state = 'connecting';
    const { rerender } = render(<MonitorPage />, { wrapper: Providers });
    expect(screen.getByTestId('socket-status')).toHaveTextContent('Connecting…');
    expect(screen.queryByText('Disconnected')).not.toBeInTheDocument();
    socket.state = 'connected';
    rerender(<MonitorPage />);
    expect(screen.getByTestId('socket-status')).toHaveTextContent('Connected');
  });

  it('shows the live figures, status, uptime and up to five alerts coloured by severity', async () => {
    storeSignedInSession();
    mockFetch((call) => {
      if (call.url.startsWith('/api/v1/monitoring/metrics'))
        return jsonResponse({
          success: true,
          data: {
            activeConnections: 12,
            activeCalls: 3,
            ringingCalls: 1,
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

  it('draws the last 15 minutes from what the socket pushes, latest figures in words', async () => {
    storeSignedInSession();
    mockFetch(() => jsonResponse({ success: false, message: 'down' }, 500));
    render(<MonitorPage />, { wrapper: Providers });
    expect(screen.getByText('Waiting for the first live figures…')).toBeInTheDocument();
    act(() =>
      socket.handlers.live_series?.([
        live('2026-11-26T06:00:00.000Z', 40, 0.1),
        live('2026-11-26T06:00:05.000Z', 1250, 1 / 3),
      ]),
    );
    expect(screen.getByTestId('live-online_users')).toHaveTextContent('1,250');
    expect(screen.getByTestId('live-poor_call_share')).toHaveTextContent('33.3%');
    expect(screen.getByRole('figure', { name: 'Call attempts per minute' })).toBeInTheDocument();
  });

  it('merges a pushed point into the series once and keeps only the last 15 minutes', () => {
    const old = live('2026-11-26T06:00:00.000Z', 1, 0);
    const mid = live('2026-11-26T06:10:00.000Z', 2, 0);
    const now = live('2026-11-26T06:15:30.000Z', 3, 0);
    expect(mergeLivePoints([old, mid], [mid, now]).map((p) => p.online_users)).toEqual([2, 3]);
  });
});

function live(at: string, online: number, poor: number): LivePoint {
  return {
    at,
    online_users: online,
    active_calls: 2,
    ringing_calls: 1,
    call_attempts_per_minute: 7,
    poor_call_share: poor,
  };
}
