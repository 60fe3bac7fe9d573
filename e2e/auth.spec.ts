import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signIn } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

describe('signing in and out', () => {
  const running = serverAndBrowser({ demo: true });

  it('sends a signed-out visitor of a console screen to the login page', async () => {
    const page = await running.browser.newPage();
    await page.goto(`${running.server.url}/users`);
    await page.waitForURL(`${running.server.url}/login`);
    await page.goto(`${running.server.url}/no-such-screen`);
    await page.waitForURL(`${running.server.url}/`);
    await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
    await page.close();
  });

  it('shows the demo credentials hint and refuses a wrong password', async () => {
    const page = await running.browser.newPage();
    await page.goto(`${running.server.url}/login`);
    await page.getByText('Admin123!').waitFor();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /Invalid username or password/);
    assert.equal(new URL(page.url()).pathname, '/login');
    await page.close();
  });

  it('signs in, redirects while signed in, shows the admin in the top bar, and logs out', async () => {
    const page = await running.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, running.server.url);
    await page.getByText('admin@switchboard.local').waitFor();

    await page.goto(`${running.server.url}/login`);
    await page.waitForURL(`${running.server.url}/dashboard`);
    await page.goto(`${running.server.url}/somewhere-else`);
    await page.waitForURL(`${running.server.url}/dashboard`);

    // The session survives a reload (stored tokens), then Logout ends it.
    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${running.server.url}/login`);
    await page.goto(`${running.server.url}/users`);
    await page.waitForURL(`${running.server.url}/login`);
    await page.close();
  });

  it('opens the navigation as a slide-over on a phone and closes it after navigating', async () => {
    const context = await running.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const page = await context.newPage();
    await signIn(page, running.server.url);
    const usersLink = page.getByRole('link', { name: 'Users', exact: true });
    assert.equal(await usersLink.isVisible(), false, 'the sidebar is hidden on a small screen');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await usersLink.click();
    await page.waitForURL(`${running.server.url}/users`);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await context.close();
  });
});
