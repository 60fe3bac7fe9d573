import { SETTINGS_DEFAULTS, type Settings } from '@switchboard/contract/settings';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatExactTime, formatRelativeTime } from '@/lib/format.ts';
import type { FetchCall } from '@/testing/fetch-call.ts';
import { jsonResponse, mockFetch, offContract } from '@/testing/mock-fetch.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { SettingsPage } from './settings-page.tsx';

const stored: Settings = {
  ...SETTINGS_DEFAULTS,
  app: { ...SETTINGS_DEFAULTS.app, name: 'Stored Name' },
  api: { ...SETTINGS_DEFAULTS.api, cors_origins: ['https://a.example'] },
};

function serve(
  put: (call: FetchCall) => Response = (call) =>
    jsonResponse({ success: true, message: 'ok', data: call.body }),
) {
  return mockFetch((call) => {
    if (call.url === '/api/v1/admin/settings' && call.method === 'GET')
      return jsonResponse({ success: true, data: stored });
    if (call.url === '/api/v1/admin/settings' && call.method === 'PUT') return put(call);
    return jsonResponse({ success: false }, 403);
  });
}

afterEach(() => vi.restoreAllMocks());

describe('System Settings', () => {
  it('has every tab of the spec', async () => {
    serve();
    renderScreen(<SettingsPage />);
    const names = [
      'General',
      'Security',
      'Notifications',
      'Database',
      'API',
      'Root Admin',
      'Factory Reset',
      'Security Logs',
    ];
    for (const name of names) expect(await screen.findByRole('tab', { name })).toBeInTheDocument();
  });

  it('opens the tab the URL names, so a reload or Back keeps it', async () => {
    serve();
    renderScreen(<SettingsPage />, '/settings?tab=api');
    expect(await screen.findByRole('tab', { name: 'API' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('CORS Origins (one per line)')).toBeInTheDocument();
  });

  it('saves the whole object with integers parsed and origins one per line, then says so', async () => {
    const { calls } = serve();
    const { user } = renderScreen(<SettingsPage />);
    expect(await screen.findByDisplayValue('Stored Name')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    const timeout = screen.getByLabelText('Session Timeout (minutes)');
    await user.clear(timeout);
    await user.type(timeout, '45');
    await user.click(screen.getByRole('tab', { name: 'API' }));
    const origins = screen.getByLabelText('CORS Origins (one per line)');
    await user.type(origins, '{Enter}{Enter}https://b.example{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'PUT')?.body as Settings;
    expect(body.security.session_timeout).toBe(45);
    expect(body.api.cors_origins).toEqual(['https://a.example', 'https://b.example']);
    expect(body.app.name).toBe('Stored Name');
  });

  it('edits the call-quality thresholds on the Calling tab, a decimal MOS included', async () => {
    const { calls } = serve();
    const { user } = renderScreen(<SettingsPage />);
    await screen.findByDisplayValue('Stored Name');
    await user.click(screen.getByRole('tab', { name: 'Calling' }));
    expect(screen.getByLabelText('High RTT above (ms, 3 of 5 samples)')).toHaveValue('400');
    expect(screen.getByLabelText('High Packet Loss above (%, average of 7 samples)')).toHaveValue('3');
    const mos = screen.getByLabelText('Low MOS below (3 of 5 samples)');
    expect(mos).toHaveValue('3.5');
    await user.clear(mos);
    await user.type(mos, '3.2');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'PUT')?.body as Settings;
    expect(body.calling).toMatchObject({
      quality_mos: 3.2,
      quality_rtt_ms: 400,
      alert_poor_call_percent: 20,
    });
  });

  it('offers Notification Frequency immediate, hourly, daily and weekly, and saves hourly and back', async () => {
    const { calls } = serve();
    const { user } = renderScreen(<SettingsPage />, '/settings?tab=notifications');
    const frequency = await screen.findByLabelText('Notification Frequency');
    expect(frequency).toBeEnabled();
    expect([...(frequency as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'Immediate',
      'Hourly',
      'Daily',
      'Weekly',
    ]);
    await user.selectOptions(frequency, 'hourly');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    const saves = () =>
      calls.filter((c) => c.method === 'PUT').map((c) => (c.body as Settings).notifications);
    expect(saves().at(-1)?.notification_frequency).toBe('hourly');

    await user.selectOptions(frequency, 'immediate');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await vi.waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves().at(-1)?.notification_frequency).toBe('immediate');
  });

  it('hides the saved message after 3 s', async () => {
    serve();
    const { user } = renderScreen(<SettingsPage />);
    await screen.findByDisplayValue('Stored Name');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('Settings saved successfully')).toBeNull(), {
      timeout: 4000,
    });
  });

  it('says "Failed to save settings" and names the field the server refused', async () => {
    serve(() =>
      jsonResponse(
        {
          success: false,
          message: 'Invalid settings',
          errors: [{ field: 'database.connection_pool_size', message: 'Too big: expected at most 100' }],
        },
        400,
      ),
    );
    const { user } = renderScreen(<SettingsPage />);
    await screen.findByDisplayValue('Stored Name');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Failed to save settings')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Database' }));
    expect(screen.getByText('Too big: expected at most 100')).toBeInTheDocument();
  });

  it('refuses a number field that is not a whole number before sending anything', async () => {
    const { calls } = serve();
    const { user } = renderScreen(<SettingsPage />);
    await screen.findByDisplayValue('Stored Name');
    await user.click(screen.getByRole('tab', { name: 'Database' }));
    await user.clear(screen.getByLabelText('Query Timeout (seconds)'));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Failed to save settings')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('says "Failed to fetch settings" and shows the defaults when they cannot be read', async () => {
    mockFetch(() => offContract(jsonResponse({ success: false }, 500)));
    renderScreen(<SettingsPage />);
    expect(await screen.findByText('Failed to fetch settings')).toBeInTheDocument();
    expect(screen.getByLabelText('App Name')).toHaveValue(SETTINGS_DEFAULTS.app.name);
  });

  it('lists the latest security-log entries with who, where and when', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/v1/admin/settings') return jsonResponse({ success: true, data: stored });
      if (call.url.startsWith('/api/v1/admin/security-logs?'))
        return jsonResponse({
          success: true,
          data: {
            logs: [
              {
                id: 7,
                event_type: 'user.delete',
                description: 'alice did user.delete on user bob',
                severity: 'high',
                actor_id: 'a1',
                actor_username: 'alice',
                action: 'user.delete',
                target_type: 'user',
                target_id: 'u9',
                target_username: 'bob',
                before: null,
                after: null,
                ip_address: '192.0.2.5',
                user_agent: 'Mozilla/5.0 Test',
                timestamp: '2026-11-01T10:00:00.000Z',
              },
            ],
            page: 1,
            per_page: 20,
            total: 1,
            total_capped: false,
            total_pages: 1,
            next_cursor: null,
          },
        });
      return jsonResponse({ success: false }, 403);
    });
    const { user } = renderScreen(<SettingsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Security Logs' }));
    expect(await screen.findByText('user.delete')).toBeInTheDocument();
    const when = '2026-11-01T10:00:00.000Z';
    const row = screen.getByTestId('security-log');
    // The spec's Security log fields: severity, event type, description, IP address, user agent, time.
    expect(row).toHaveTextContent('high');
    expect(row).toHaveTextContent('alice did user.delete on user bob');
    expect(row).toHaveTextContent('IP address: 192.0.2.5');
    expect(row).toHaveTextContent('User agent: Mozilla/5.0 Test');
    expect(row).toHaveTextContent(formatRelativeTime(when));
    expect(row.querySelector('time')).toHaveAttribute('title', formatExactTime(when));
    // Who did it and whom it was about, by name and linked to their pages; no ids.
    expect(screen.getByRole('link', { name: 'alice' })).toHaveAttribute('href', '/users/a1');
    expect(screen.getByRole('link', { name: 'alice' }).parentElement).toHaveTextContent('By alice');
    expect(screen.getByRole('link', { name: 'bob' }).parentElement).toHaveTextContent('Target: bob');
    expect(screen.getByRole('link', { name: 'bob' })).toHaveAttribute('href', '/users/u9');
    expect(screen.queryByText(/\bu9\b|\ba1\b/)).toBeNull();
    const url = new URL(calls.find((c) => c.url.includes('security-logs'))?.url ?? '', 'http://x');
    expect(url.searchParams.get('per_page')).toBe('20');
    expect(url.searchParams.has('limit')).toBe(false);
  });
});
