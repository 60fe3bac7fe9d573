import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createUser, withoutWelcomeCoins } from './support/api.ts';
import type { RunningServer } from './support/server.ts';
import { signedInPage } from './support/server-and-browser.ts';

describe('the Coin Management screen on the demo data', () => {
  const running = signedInPage('/coin-management', async (url, token) => {
    await withoutWelcomeCoins(url, token);
    await createUser(url, token, {
      username: 'e2e-coins',
      email: 'e2e-coins@example.test',
      password: 'Passw0rd!x',
    });
  });
  let server: RunningServer;
  let page: Page;
  before(() => {
    ({ server, page } = running);
  });

  const table = () => page.getByRole('table', { name: 'Recent Transactions' });

  it('shows the statistics and the real transactions', async () => {
    await page.getByText('Manage user coins and transactions').waitFor();
    await table().waitFor();
    assert.ok((await table().getByRole('row').count()) > 1, 'demo transactions are listed');
    await page.getByRole('list', { name: 'Top Earners' }).waitFor();
  });

  it('adds coins and shows the new balance in the table and on the Users screen', async () => {
    await page.getByRole('button', { name: 'Add Coins' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Coins to User' });
    const add = dialog.getByRole('button', { name: 'Add Coins' });
    assert.equal(await add.isDisabled(), true);
    await dialog.getByPlaceholder('Select a user...').fill('e2e-coins');
    await page.getByRole('option', { name: 'e2e-coins (0 coins)' }).click();
    await dialog.getByLabel('Amount').fill('250');
    await dialog.getByLabel('Description').fill('E2E grant');
    await add.click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByPlaceholder('Search transactions...').fill('e2e-coins');
    const row = table().getByRole('row', { name: /e2e-coins.*E2E grant/ });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /Bonus\+250250E2E grant/);

    // A penalty larger than the balance is refused with the server's message.
    await page.getByRole('button', { name: 'Add Coins' }).click();
    await dialog.getByPlaceholder('Select a user...').fill('e2e-coins');
    await page.getByRole('option', { name: 'e2e-coins (250 coins)' }).click();
    await dialog.getByLabel('Amount').fill('-1000');
    await dialog.getByLabel('Description').fill('Too much');
    await add.click();
    await dialog.getByText('Insufficient coin balance').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${server.url}/users`);
    await page.getByPlaceholder('Search by username, email or full name...').fill('e2e-coins');
    await page.getByRole('navigation', { name: 'Users pages' }).getByText('Showing 1–1 of 1 users').waitFor();
    await page.getByRole('cell', { name: '250' }).first().waitFor();
  });

  it('reverses the grant once, after a confirmation', async () => {
    await page.goto(`${server.url}/coin-management?search=e2e-coins`);
    await page.getByRole('button', { name: /Reverse transaction #\d+ of e2e-coins/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reverse' }).click();
    const reversal = table().getByRole('row', { name: /Reversal of/ });
    await reversal.waitFor();
    assert.match((await reversal.textContent()) ?? '', /-2500/);
    assert.equal(
      await page.getByRole('button', { name: /Reverse transaction #\d+ of e2e-coins/ }).count(),
      0,
    );
  });
});
