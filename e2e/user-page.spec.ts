import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createUser } from './support/api.ts';
import { signedInPage } from './support/server-and-browser.ts';

/** The user page (/users/:id): suspend with a reason, see it there and in the audit log, reactivate; restore. */
describe('the user page', () => {
  let suspectId = '';
  let leaverId = '';
  const running = signedInPage(undefined, async (url, token) => {
    suspectId = (
      await createUser(url, token, {
        username: 'e2e-suspect',
        email: 'e2e-suspect@example.test',
        password: 'Passw0rd!x',
      })
    ).id;
    leaverId = (
      await createUser(url, token, {
        username: 'e2e-leaver',
        email: 'e2e-leaver@example.test',
        password: 'Passw0rd!x',
      })
    ).id;
    // A calling-app user reports the suspect, as an app would: the admin starts from that report.
    const reporter = await fetch(`${url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'e2e-reporter',
        email: 'e2e-reporter@example.test',
        password: 'Passw0rd!x',
      }),
    });
    assert.equal(reporter.status, 201, await reporter.clone().text());
    const { access_token: appToken } = (await reporter.json()) as { access_token: string };
    const report = await fetch(`${url}/api/v1/users/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${appToken}` },
      body: JSON.stringify({ user_id: suspectId, report_type: 'harassment', reason: 'Threats on a call' }),
    });
    assert.equal(report.status, 201, await report.clone().text());
    const deleted = await fetch(`${url}/api/v1/admin/users/${leaverId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(deleted.status, 200);
  });
  let page: Page;
  before(() => {
    ({ page } = running);
  });

  it('from a report, opens the reported user by name, suspends with a reason after a confirmation, shows it, logs it, and reactivates', async () => {
    const base = running.server.url;
    await page.goto(`${base}/user-reports?tab=all`);
    await page.getByPlaceholder('Search reports by username...').fill('e2e-suspect');
    await page
      .getByRole('row')
      .filter({ hasText: 'Threats on a call' })
      .getByRole('button', { name: 'View Details' })
      .click();
    const details = page.getByRole('dialog', { name: 'Report Details' });
    await details.getByText('Harassment').waitFor();
    await details.getByRole('link', { name: 'e2e-reporter' }).waitFor();
    await details.getByRole('link', { name: 'e2e-suspect' }).click();
    await page.waitForURL(`**/users/${suspectId}`);
    await page.getByRole('heading', { name: 'e2e-suspect' }).waitFor();
    await page.getByText(suspectId).waitFor();

    await page.getByRole('button', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend e2e-suspect' });
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await dialog.getByText('A reason is required').waitFor();
    await dialog.getByLabel('Reason').fill('Abusive calls, ticket 4411');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('User suspended').first().waitFor();
    await page.getByTestId('user-status').getByText('Suspended').waitFor();
    await page
      .getByTestId('suspension')
      .getByText(/Abusive calls, ticket 4411 · until reactivated/)
      .waitFor();

    // It survives a reload: the suspension is in the database.
    await page.reload();
    await page.getByTestId('user-status').getByText('Suspended').waitFor();

    await page.goto(`${base}/settings`);
    await page.getByRole('tab', { name: 'Security Logs' }).click();
    const entry = page.getByText('user.suspend').first();
    await entry.waitFor();
    const row = page.locator('li').filter({ hasText: 'user.suspend' }).first();
    assert.match((await row.textContent()) ?? '', /admin/, 'the audit entry names the admin');

    await page.goto(`${base}/users/${suspectId}`);
    await page.getByRole('button', { name: 'Reactivate' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Reactivate' }).click();
    await page.getByText('User reactivated').first().waitFor();
    await page.getByTestId('user-status').getByText('Active').waitFor();
  });

  it('restores a deleted user from the Users screen', async () => {
    await page.goto(`${running.server.url}/users?status=deleted&search=e2e-leaver`);
    const restore = page.getByRole('button', { name: 'Restore e2e-leaver' });
    await restore.waitFor();
    assert.equal(await page.getByRole('button', { name: 'Delete e2e-leaver' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: /Make Admin: e2e-leaver/ }).count(), 0);
    await restore.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
    await page.getByText('e2e-leaver: User restored').waitFor();
    await page.goto(`${running.server.url}/users?search=${leaverId}`);
    await page.getByRole('link', { name: 'View e2e-leaver' }).waitFor();
  });
});
