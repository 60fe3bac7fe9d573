import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

describe('data and administration on the demo data', () => {
  const running = serverAndBrowser({ demo: true });
  let server: RunningServer;
  let page: Page;
  before(async () => {
    server = running.server;
    page = await running.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url);
  });

  it('saves the settings, which are still there after a reload', async () => {
    await page.goto(`${server.url}/settings`);
    const name = page.getByLabel('App Name');
    await name.waitFor();
    await page.waitForFunction(
      () => !document.querySelector('button[disabled]')?.textContent?.includes('Save'),
    );
    await name.fill('Switchboard E2E');
    await page.getByRole('tab', { name: 'Security', exact: true }).click();
    await page.getByLabel('Session Timeout (minutes)').fill('45');
    await page.getByRole('tab', { name: 'API', exact: true }).click();
    await page.getByLabel('CORS Origins (one per line)').fill('https://a.example\n\nhttps://b.example\n');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved successfully').waitFor();
    // The App Name is the brand and the tab title at once, and what /config.json answers.
    await page.waitForFunction(() => document.title === 'Settings · Switchboard E2E');
    const config = await (await page.request.get(`${server.url}/config.json`)).json();
    assert.equal(config.app.name, 'Switchboard E2E');

    // The open tab is in the URL, so the reload comes back on API; General holds the app's name.
    await page.reload();
    await page.getByLabel('CORS Origins (one per line)').waitFor();
    await page.getByRole('tab', { name: 'General', exact: true }).click();
    await page.getByLabel('App Name').waitFor();
    await page.waitForFunction(
      () => (document.getElementById('app-name') as HTMLInputElement | null)?.value === 'Switchboard E2E',
    );
    await page.getByRole('tab', { name: 'Security', exact: true }).click();
    assert.equal(await page.getByLabel('Session Timeout (minutes)').inputValue(), '45');
    await page.getByRole('tab', { name: 'API', exact: true }).click();
    assert.equal(
      await page.getByLabel('CORS Origins (one per line)').inputValue(),
      'https://a.example\nhttps://b.example',
    );

    await page.getByRole('tab', { name: 'Database', exact: true }).click();
    await page.getByLabel('Query Timeout (seconds)').fill('');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Failed to save settings').waitFor();
    await page.getByText('Enter a whole number').waitFor();

    // The edit is not saved: leaving asks first, and Leave goes.
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Stay' }).click();
    assert.match(page.url(), /\/settings/);
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(/\/users/);
  });

  it('shows every database tab with live figures', async () => {
    await page.goto(`${server.url}/database`);
    await page.getByText('Total Tables').waitFor();
    for (const label of ['Total Records', 'Database Size', 'Last Backup', 'Connection Pool'])
      await page.getByText(label, { exact: true }).first().waitFor();

    await page.getByRole('tab', { name: 'Tables', exact: true }).click();
    await page.getByRole('cell', { name: 'coin_transactions', exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Users', exact: true }).click();
    const usersNote = page.getByText(/^Showing first 10 of [\d,]+$/);
    await usersNote.waitFor();
    assert.equal(await page.getByRole('table', { name: 'Users' }).locator('tbody tr').count(), 10);

    await page.getByRole('tab', { name: 'Calls', exact: true }).click();
    await page.getByText(/^Showing first 10 of [\d,]+$/).waitFor();
    const firstCall = page.getByRole('table', { name: 'Calls' }).locator('tbody tr').first();
    assert.match(await firstCall.innerText(), /(\d+m \d+s|0s)/);
    assert.match(await firstCall.innerText(), /\d+ coins/);

    await page.getByRole('tab', { name: 'Indexes', exact: true }).click();
    await page.getByRole('table', { name: 'Indexes' }).getByText('Unique').first().waitFor();

    await page.getByRole('tab', { name: 'Optimization', exact: true }).click();
    await page.getByRole('button', { name: 'Run Analyze' }).click();
    await page.getByText(/^took \d+ ms$/).waitFor({ timeout: 30_000 });
  });

  it('checks the factory-reset form without ever submitting a reset', async () => {
    await page.goto(`${server.url}/settings`);
    await page.getByRole('tab', { name: 'Factory Reset', exact: true }).click();
    await page.getByText('This action cannot be undone.').waitFor();
    await page.getByRole('button', { name: 'Factory Reset', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.url}/factory-reset`);

    await page.getByText('What will be deleted').waitFor();
    const submit = page.getByRole('button', { name: 'Execute Factory Reset' });
    assert.equal(await submit.isDisabled(), true, 'disabled until the confirmation is ticked');
    const confirm = page.getByRole('checkbox', { name: /I understand/ });
    await confirm.click();
    await page.getByLabel('Reason for Reset').fill('   too short   ');
    // The password stays empty, so this submit can only ever be refused by the form itself.
    await submit.click();
    await page.getByText('Password is required').waitFor();
    await page.getByText('Admin username is required').waitFor();
    await page.getByText('Reset reason must be at least 10 characters').waitFor();
    await confirm.click();
    await page.getByText('You must confirm the factory reset').waitFor();
    assert.equal(await submit.isDisabled(), true);

    await page.goto(`${server.url}/users`);
    await page.getByText(/Showing 1–10 of [\d,]+ users/).waitFor();
  });
});
