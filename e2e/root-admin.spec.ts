import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signIn } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

describe('registering the root admin on a fresh system', () => {
  const running = serverAndBrowser({ demo: false });

  it('validates, registers, redirects to login, signs in, and then closes registration', async () => {
    const page = await running.browser.newPage();
    await page.goto(`${running.server.url}/login`);
    assert.equal(await page.getByText('Admin123!').count(), 0, 'no demo hint without demo data');

    await page.goto(`${running.server.url}/admin_root_admin`);
    await page.getByLabel('Username').fill('ro');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('weakpassword');
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByRole('button', { name: /Register/ }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    await page.getByText('Please enter a valid email address').waitFor();
    await page
      .getByText('Password must contain uppercase, lowercase, number, and special character')
      .waitFor();
    await page.getByText('Passwords do not match').waitFor();

    await page.getByLabel('Username').fill('root-admin');
    await page.getByLabel('Email').fill('root@example.test');
    await page.getByLabel('Password', { exact: true }).fill('Str0ng!Passw0rd');
    await page.getByLabel('Confirm Password').fill('Str0ng!Passw0rd');
    await page.getByRole('button', { name: /Register/ }).click();
    await page.getByText('Registration Successful!').waitFor();
    await page.waitForURL(`${running.server.url}/login`, { timeout: 10_000 });

    await signIn(page, running.server.url, 'root-admin', 'Str0ng!Passw0rd');
    await page.getByText('root@example.test').waitFor();

    // Signed in, the closed registration shows inside the console: the sidebar leads on, the status says why.
    await page.goto(`${running.server.url}/admin_root_admin`);
    await page.getByText('Registration Disabled').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.getByText(/A root administrator already exists/).waitFor();
    await page.close();
  });
});
