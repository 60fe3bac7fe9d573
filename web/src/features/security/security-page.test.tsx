import { SECURITY_POLICIES_DEFAULTS, type SecurityEvent } from '@switchboard/contract/security';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gatewayError, jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { SecurityPage } from './security-page.tsx';

const stats = {
  total_events: 4,
  critical_events: 1,
  high_events: 1,
  medium_events: 2,
  low_events: 0,
  active_events: 3,
  blocked_ips: 1,
  last_24h_events: 2,
};
const event = (id: number, resolved: boolean): SecurityEvent => ({
  id,
  event_type: 'login_failed',
  severity: 'medium',
  description: `Failed sign-in ${id}`,
  ip_address: '192.0.2.1',
  user_agent: null,
  username: null,
  timestamp: '2026-11-01T10:00:00.000Z',
  last_seen_at: '2026-11-01T10:05:00.000Z',
  occurrences: id === 1 ? 5 : 1,
  resolved,
});

describe('Security screen', () => {
  it('shows the overview figures and the severity distribution', async () => {
    mockFetch(() => jsonResponse({ success: true, data: stats }));
    renderScreen(<SecurityPage />);
    expect(await screen.findByText('2 (50%)')).toBeInTheDocument();
    expect(
      screen.getByText('Total Events').closest('[data-slot="card"], div')?.parentElement?.textContent,
    ).toContain('4');
    expect(screen.getByText('3 active')).toBeInTheDocument();
  });

  it('lands in the IP Address field on arrival from the palette (#block-ip)', async () => {
    mockFetch((call) =>
      call.url.startsWith('/api/v1/security/blocked')
        ? jsonResponse({
            success: true,
            data: { blocked_ips: [], total: 0, total_capped: false, page: 1, per_page: 20, total_pages: 0 },
          })
        : jsonResponse({ success: true, data: stats }),
    );
    renderScreen(<SecurityPage />, '/security?tab=blocked#block-ip');
    await waitFor(() => expect(screen.getByLabelText('IP Address')).toHaveFocus());
  });

  it('shows the spec error text with Retry when the data cannot be fetched, and Retry refetches', async () => {
    let fail = true;
    const { calls } = mockFetch(() => (fail ? gatewayError() : jsonResponse({ success: true, data: stats })));
    const { user } = renderScreen(<SecurityPage />);
    expect(await screen.findByText('Failed to fetch security data')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Total Events')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/v1/security/stats')).toHaveLength(2);
  });

  it('resolves an active event with PUT {resolved:true}, and says so when it fails', async () => {
    let failResolve = true;
    const { calls } = mockFetch((call) => {
      if (call.method === 'PUT') {
        if (failResolve) return gatewayError();
        return jsonResponse({ success: true, data: event(1, true) });
      }
      if (call.url.startsWith('/api/v1/security/events'))
        return jsonResponse({
          success: true,
          data: {
            events: [event(1, false), event(2, true)],
            total: 2,
            total_capped: false,
            page: 1,
            per_page: 20,
            total_pages: 1,
            next_cursor: null,
          },
        });
      return jsonResponse({ success: true, data: stats });
    });
    const { user } = renderScreen(<SecurityPage />);
    await user.click(screen.getByRole('tab', { name: 'Security Events' }));
    const active = (await screen.findByText('Failed sign-in 1')).closest('tr') as HTMLElement;
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByText('(×5)')).toBeInTheDocument();
    const done = screen.getByText('Failed sign-in 2').closest('tr') as HTMLElement;
    expect(within(done).queryByRole('button', { name: 'Resolve' })).toBeNull();

    await user.click(within(active).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Failed to resolve event')).toBeInTheDocument();
    failResolve = false;
    await user.click(within(active).getByRole('button', { name: 'Resolve' }));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.at(-1)).toMatchObject({ url: '/api/v1/security/events/1', body: { resolved: true } });
  });

  it('validates the block form before sending, then posts {ip, reason}', async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST')
        return jsonResponse(
          {
            success: true,
            data: {
              ip_address: '203.0.113.9',
              reason: 'spam',
              blocked_at: '2026-11-01T10:00:00Z',
              blocked_by: 'admin',
              expires_at: null,
            },
          },
          201,
        );
      if (call.url.startsWith('/api/v1/security/stats')) return jsonResponse({ success: true, data: stats });
      return jsonResponse({
        success: true,
        data: { blocked_ips: [], total: 0, page: 1, per_page: 20, total_pages: 0 },
      });
    });
    const { user } = renderScreen(<SecurityPage />);
    await user.click(screen.getByRole('tab', { name: 'Blocked IPs' }));
    await user.type(screen.getByLabelText('IP Address'), 'not-an-ip');
    await user.click(screen.getByRole('button', { name: 'Block IP' }));
    expect(await screen.findByText(/Enter an IPv4 or IPv6 address/)).toBeInTheDocument();
    expect(screen.getByText('Reason is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByLabelText('IP Address'));
    await user.type(screen.getByLabelText('IP Address'), '203.0.113.9');
    await user.type(screen.getByLabelText('Reason'), 'spam');
    await user.click(screen.getByRole('button', { name: 'Block IP' }));
    expect(await screen.findByText('IP address blocked')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/v1/security/block-ip',
      body: { ip: '203.0.113.9', reason: 'spam' },
    });
  });

  it('opens real settings from the Settings tab', async () => {
    mockFetch((call) =>
      jsonResponse({
        success: true,
        data: call.url.startsWith('/api/v1/security/stats')
          ? stats
          : { ...SECURITY_POLICIES_DEFAULTS, log_retention_days: 45 },
      }),
    );
    const { user } = renderScreen(<SecurityPage />);
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: 'Configure Security Policies' }));
    expect(await screen.findByDisplayValue('45')).toBeInTheDocument();
  });
});
