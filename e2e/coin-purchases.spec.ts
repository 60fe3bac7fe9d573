import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { apiToken, createUser, withoutWelcomeCoins } from './support/api.ts';
import { launchBrowser, signIn } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const PASSWORD = 'Buyer-pass-1!';

/** Issue 47's "Done when": the softphone buys coins from the demo provider and the console lists the purchase. */
describe('buying coins in the softphone', { timeout: 180_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  const username = `buyer_${Date.now().toString(36)}`;

  before(async () => {
    [server, browser] = await Promise.all([startServer({ demo: true }), launchBrowser()]);
    const admin = await apiToken(server.url);
    await withoutWelcomeCoins(server.url, admin);
    await createUser(server.url, admin, { username, email: `${username}@example.com`, password: PASSWORD });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('buys a package from the demo provider, labelled as such, and the balance shows the coins', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1000, height: 800 } })).newPage();
    await page.goto(`${server.url}/app`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('coin-balance').getByText('Balance: 0 coins').waitFor();
    await page.getByText('Demo provider: this server runs with demo data').waitFor();
    await page.getByRole('button', { name: 'Buy Starter (demo, no payment)' }).click();
    await page.getByRole('status').getByText('Bought 100 coins (demo purchase, no payment)').waitFor();
    await page.getByTestId('coin-balance').getByText('Balance: 100 coins').waitFor();
  });

  it("lists the purchase in the console's Purchases view", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(page, server.url);
    await page.goto(`${server.url}/coin-management`);
    await page.getByRole('link', { name: 'Purchases' }).first().click();
    await page.waitForURL(/\/coin-management\/purchases/);
    await page.getByRole('searchbox', { name: 'Search purchases' }).fill(username);
    const row = page.getByRole('row').filter({ hasText: username });
    await row.waitFor();
    const text = await row.innerText();
    assert.match(text, /Demo \(no payment\)/);
    assert.match(text, /100 coins/);
    assert.match(text, /\$0\.99/);
    assert.match(text, /Credited/);
  });
});
