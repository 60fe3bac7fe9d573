import { SETTINGS_DEFAULTS, type Settings } from '@switchboard/contract/settings';
import { SETTINGS_FIELD_NOTES } from '@switchboard/contract/settings-fields';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSAVED_CHANGES } from '@/components/unsaved-changes-prompt.tsx';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { SettingsPage } from './settings-page.tsx';

const stored: Settings = { ...SETTINGS_DEFAULTS, app: { ...SETTINGS_DEFAULTS.app, name: 'Stored Name' } };

function serve() {
  return mockFetch((call) => {
    if (call.url === '/api/v1/admin/settings' && call.method === 'GET')
      return jsonResponse({ success: true, data: stored });
    if (call.url === '/api/v1/admin/settings' && call.method === 'PUT')
      return jsonResponse({ success: true, message: 'ok', data: call.body });
    return jsonResponse({ success: false }, 403);
  });
}

afterEach(() => vi.restoreAllMocks());

describe('Settings fields say what they do', () => {
  it('gives every field a line of help, and shows fixed ones disabled with the reason', async () => {
    serve();
    const { user } = renderScreen(<SettingsPage />, '/settings');
    const name = await screen.findByLabelText('App Name');
    expect(name).toHaveAccessibleDescription(SETTINGS_FIELD_NOTES.app.name.help);
    const version = screen.getByLabelText('Version');
    expect(version).toBeDisabled();
    expect(version).toHaveAccessibleDescription(SETTINGS_FIELD_NOTES.app.version.fixed?.reason ?? '');
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    const csrf = screen.getByRole('checkbox', { name: 'Enable CSRF Protection' });
    expect(csrf).toBeDisabled();
    expect(csrf).toBeChecked();
    expect(csrf).toHaveAccessibleDescription(
      'Always on: the API uses bearer tokens, not cookies, so there is no CSRF surface',
    );
    const csp = screen.getByRole('checkbox', { name: 'Enable Content Security Policy' });
    expect(csp).toBeEnabled();
    expect(csp).toHaveAccessibleDescription(/report-only/);
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(screen.getByRole('checkbox', { name: 'Email Notifications' })).toHaveAccessibleDescription(
      'Off: no e-mail provider is configured',
    );
    expect(screen.getByRole('checkbox', { name: 'Push Notifications' })).toBeEnabled();
  });
});

describe('leaving Settings with unsaved edits', () => {
  it('asks first; Stay keeps the edits, Leave goes; switching tabs does not ask', async () => {
    serve();
    const { user, router } = renderScreen(<SettingsPage />, '/settings');
    const name = await screen.findByDisplayValue('Stored Name');
    await user.clear(name);
    await user.type(name, 'Edited Name');
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    void router.navigate('/users');
    expect(await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES.title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: UNSAVED_CHANGES.stay }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/settings');
    await user.click(screen.getByRole('tab', { name: 'General' }));
    expect(screen.getByLabelText('App Name')).toHaveValue('Edited Name');

    // The browser's own question when the tab is closed or reloaded.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    void router.navigate('/users');
    await user.click(await screen.findByRole('button', { name: UNSAVED_CHANGES.leave }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });

  it('lets a saved screen go without asking', async () => {
    serve();
    const { user, router } = renderScreen(<SettingsPage />, '/settings');
    const name = await screen.findByDisplayValue('Stored Name');
    await user.type(name, '!');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    await router.navigate('/users');
    expect(router.state.location.pathname).toBe('/users');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
