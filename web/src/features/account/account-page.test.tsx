import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { renderApp, storeSignedInSession } from '@/testing/render-app.tsx';

const session = (id: string, current: boolean, device: string) => ({
  id,
  device,
  user_agent: null,
  ip_address: '203.0.113.7',
  signed_in_at: '2026-11-25T09:00:00.000Z',
  last_seen_at: '2026-11-25T10:00:00.000Z',
  app: false,
  current,
});
const twoFactorOff = { enrolled: false, enrolled_at: null, recovery_codes_left: 0, required: false };

describe('the Account page', () => {
  it('lists the sessions and asks before ending every other one', async () => {
    storeSignedInSession();
    let sessions = [
      session('s1', true, 'Chrome 120 on Windows 10'),
      session('s2', false, 'Firefox 121 on Linux'),
    ];
    const { calls } = mockFetch(({ url, method }) => {
      if (url === '/api/v1/account/two-factor') return jsonResponse({ success: true, data: twoFactorOff });
      if (url === '/api/v1/account/sessions/end-others' && method === 'POST') {
        sessions = sessions.filter((s) => s.current);
        return jsonResponse({ success: true, message: '1 other session ended' });
      }
      if (url === '/api/v1/account/sessions') return jsonResponse({ success: true, data: { sessions } });
      return jsonResponse({ success: false, message: 'unexpected' }, 500);
    });
    renderApp('/account');
    const user = userEvent.setup();
    // The first visit loads the page's chunk.
    expect(await screen.findByText('Firefox 121 on Linux', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up an authenticator' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('End every other session? Those devices will have to sign in again.');
    expect(calls.some((c) => c.url.endsWith('/end-others'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    await waitFor(() => expect(screen.queryByText('Firefox 121 on Linux')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.url.endsWith('/end-others'))).toHaveLength(1);
  });

  it('shows a failed load with a way to retry', async () => {
    storeSignedInSession();
    mockFetch(({ url }) =>
      url === '/api/v1/account/two-factor'
        ? jsonResponse({ success: true, data: twoFactorOff })
        : jsonResponse({ success: false, message: 'Database unavailable' }, 503),
    );
    renderApp('/account');
    expect(await screen.findByText('Database unavailable', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
