import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createUser } from './support/api.ts';
import { signedInPage } from './support/server-and-browser.ts';

describe('the Users screen on the demo data', () => {
  const running = signedInPage('/users', async (url, token) => {
    for (const name of ['e2e-alpha', 'e2e-beta']) {
      await createUser(url, token, {
        username: name,
        email: `${name}@example.test`,
        password: 'Passw0rd!x',
      });
    }
  });
  let page: Page;
  before(() => {
    ({ page } = running);
  });

  const pager = () => page.getByRole('navigation', { name: 'Users pages' });

  it('pages through the real users ten at a time', async () => {
    await pager()
      .getByText(/Showing 1–10 of [\d,]+ users/)
      .waitFor();
    const shown = ((await pager().textContent()) ?? '').match(/of ([\d,]+) users/)?.[1] ?? '';
    const total = Number(shown.replaceAll(',', ''));
    assert.ok(total > 1000, `demo data has many users (saw ${total})`);
    assert.equal(await page.getByRole('checkbox', { name: /^Select (?!all)/ }).count(), 10);
    await page.getByRole('button', { name: 'Next' }).click();
    await pager().getByText(`Showing 11–20 of ${shown} users`).waitFor();
    await pager()
      .getByText(`Page 2 of ${Math.ceil(total / 10).toLocaleString('en-US')}`)
      .waitFor();
    await page.getByRole('button', { name: 'Previous' }).click();
    await pager().getByText(`Showing 1–10 of ${shown} users`).waitFor();
  });

  it('searches on the server and bulk-edits the matches', async () => {
    await page.getByPlaceholder('Search by username, email or full name...').fill('e2e-');
    await pager().getByText('Showing 1–2 of 2 users').waitFor();

    await page.getByRole('checkbox', { name: 'Select all users on this page' }).click();
    const bulk = page.getByRole('region', { name: 'Bulk actions' }).or(page.getByLabel('Bulk actions'));
    await bulk.getByText('2 selected').waitFor();
    await bulk.getByRole('button', { name: 'Make Admin' }).click();
    // The role of the new admins is asked first: the least privileged one is picked.
    const makeAdmin = page.getByRole('dialog', { name: 'Make 2 users admin' });
    await makeAdmin.getByRole('button', { name: 'Make Admin' }).click();
    await makeAdmin.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Remove admin: e2e-alpha' }).waitFor();
    await page.getByRole('button', { name: 'Remove admin: e2e-beta' }).waitFor();

    // The change is in the database: it survives a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Remove admin: e2e-alpha' }).waitFor();

    await page.getByRole('checkbox', { name: 'Select all users on this page' }).click();
    await bulk.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No users found').waitFor();
  });

  it('adds a user with the Add User form, checked in the browser before it is sent', async () => {
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Username').fill('e2e-gamma');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password').fill('Passw0rd!x');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();

    await dialog.getByLabel('Email').fill('E2E-Gamma@Example.test');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByPlaceholder('Search by username, email or full name...').fill('e2e-gamma');
    await pager().getByText('Showing 1–1 of 1 users').waitFor();
    await page.getByText('e2e-gamma@example.test').first().waitFor();
  });

  it('keeps the signed-in admin out of bulk actions and row actions on their own account', async () => {
    await page.getByPlaceholder('Search by username, email or full name...').fill('admin@switchboard.local');
    await pager().getByText('Showing 1–1 of 1 users').waitFor();
    assert.equal(await page.getByRole('checkbox', { name: 'Select admin' }).isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: 'Delete admin' }).isDisabled(), true);
  });
});
