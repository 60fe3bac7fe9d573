import { FACTORY_RESET_BACKUPS_WARNING, type FactoryResetPreview } from '@switchboard/contract/factory-reset';
import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session-context.tsx';
import type { FetchCall } from '@/testing/fetch-call.ts';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { storeSignedInSession, TEST_USER } from '@/testing/render-app.tsx';
import { renderScreen } from '@/testing/render-screen.tsx';
import { FactoryResetPage } from './factory-reset-page.tsx';

const preview: FactoryResetPreview = {
  success: true,
  affected_data: {
    users: 1234,
    databases: { tables: 18, rows: 56_789 },
    uploads_directory: { path: '/data/uploads', size_bytes: 2048, files: 3 },
    database_files: [{ name: 'pglite', size_bytes: 4096 }],
    backups: { records: 4, files: 4, size_bytes: 8192 },
  },
  next_steps: ['Register a new root administrator at /admin_root_admin'],
};

function serve(
  execute: (call: FetchCall) => Response = () => jsonResponse({ success: true, message: 'Done' }),
) {
  return mockFetch((call) => {
    if (call.url === '/api/v1/factory-reset/status') return jsonResponse({ success: true, available: true });
    if (call.url === '/api/v1/factory-reset/preview') return jsonResponse(preview);
    if (call.url === '/api/v1/factory-reset/execute') return execute(call);
    if (call.url === '/api/v1/auth/logout') return jsonResponse({ success: true, message: 'Logged out' });
    return jsonResponse({}, 404);
  });
}

const renderPage = () =>
  renderScreen(
    <SessionProvider>
      <Routes>
        <Route path="/factory-reset" element={<FactoryResetPage />} />
        <Route path="/admin_root_admin" element={<h1>Root admin registration</h1>} />
      </Routes>
    </SessionProvider>,
    '/factory-reset',
  );

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Factory reset page', () => {
  it('is unavailable to an admin who is not root, with the way back', async () => {
    storeSignedInSession({ user: { ...TEST_USER, is_root_admin: false } });
    const { calls } = serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Factory Reset Unavailable' })).toBeInTheDocument();
    expect(screen.getByText('Only root administrators can access this feature')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(calls).toHaveLength(0);
  });

  it('is unavailable when the server refuses the status check', async () => {
    storeSignedInSession();
    mockFetch(() => jsonResponse({ success: false, message: 'Forbidden' }, 403));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Factory Reset Unavailable' })).toBeInTheDocument();
  });

  it('shows the live preview and the spec validation messages', async () => {
    storeSignedInSession();
    const { calls } = serve();
    const { user } = renderPage();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('18 tables, 56,789 rows')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Execute Factory Reset' });
    expect(submit).toBeDisabled();
    const confirm = screen.getByRole('checkbox', { name: /I understand/ });
    await user.click(confirm);
    await user.type(screen.getByLabelText('Reason for Reset'), '   short   ');
    await user.click(submit);
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Admin username is required')).toBeInTheDocument();
    expect(screen.getByText('Reset reason must be at least 10 characters')).toBeInTheDocument();
    await user.click(confirm);
    expect(screen.getByText('You must confirm the factory reset')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    expect(calls.some((c) => c.url.endsWith('/execute'))).toBe(false);
  });

  it('says the backups go too, and sends keep_backups only when the root admin ticks it', async () => {
    storeSignedInSession();
    const { calls } = serve();
    const { user } = renderPage();
    expect(
      await screen.findByText(/4 listed, 4 files, 8(\.0)? KB \(deleted unless you keep them\)/),
    ).toBeInTheDocument();
    expect(screen.getByText(FACTORY_RESET_BACKUPS_WARNING)).toBeInTheDocument();
    const keep = screen.getByRole('checkbox', { name: 'Keep existing backups' });
    expect(keep).not.toBeChecked();
    await user.type(screen.getByLabelText('Admin Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.type(screen.getByLabelText('Reason for Reset'), 'Decommissioning the demo');
    await user.click(keep);
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }));
    await user.click(screen.getByRole('button', { name: 'Execute Factory Reset' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/execute'))?.body).toMatchObject({ keep_backups: true }),
    );
  });

  it("shows the server's refusal and keeps the form", async () => {
    storeSignedInSession();
    serve(() =>
      jsonResponse(
        {
          success: false,
          message: 'Invalid password',
          errors: [{ field: 'password', message: 'Invalid password' }],
        },
        400,
      ),
    );
    const { user } = renderPage();
    await user.type(await screen.findByLabelText('Admin Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.type(screen.getByLabelText('Reason for Reset'), 'Decommissioning the demo');
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }));
    await user.click(screen.getByRole('button', { name: 'Execute Factory Reset' }));
    expect(await screen.findByText('Invalid password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Execute Factory Reset' })).toBeInTheDocument();
  });

  it('sends the payload, shows progress, then goes to /admin_root_admin after 3 s', async () => {
    storeSignedInSession();
    let release: (r: Response) => void = () => {};
    const { calls } = serve(() => new Promise<Response>((resolve) => (release = resolve)) as never);
    const { user } = renderPage();
    await user.type(await screen.findByLabelText('Admin Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.type(screen.getByLabelText('Reason for Reset'), '  Decommissioning the demo  ');
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }));
    await user.click(screen.getByRole('button', { name: 'Execute Factory Reset' }));
    expect(await screen.findByText('Verifying credentials...')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/execute'))?.body).toEqual({
      password: 'Secret#123',
      admin_username: 'admin',
      reason: 'Decommissioning the demo',
      confirm_reset: true,
      keep_backups: false,
    });
    const bar = screen.getByRole('progressbar');
    await vi.waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(40), {
      timeout: 3000,
    });
    expect(screen.getByText('Clearing databases...')).toBeInTheDocument();
    await act(async () => release(jsonResponse({ success: true, message: 'Factory reset completed.' })));
    expect(await screen.findByText('Factory reset completed.')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(
      await screen.findByRole('heading', { name: 'Root admin registration' }, { timeout: 4500 }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('admin_auth_token')).toBeNull();
  }, 15_000);
});
