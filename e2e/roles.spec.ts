import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ROLE_MESSAGES } from '@switchboard/contract/admin-roles';
import { NO_ACCESS_MESSAGE } from '@switchboard/contract/permissions';
import { USER_REPORT_MESSAGES } from '@switchboard/contract/user-reports';
import type { Page } from 'playwright-core';
import { apiToken, createUser } from './support/api.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

const PASSWORD = 'Str0ng!pass-e2e';

/** An admin made by the root admin through the API, then given a built-in role. */
async function adminWithRole(url: string, token: string, username: string, roleId: string) {
  const { id } = await createUser(url, token, {
    username,
    email: `${username}@example.test`,
    password: PASSWORD,
    is_admin: true,
  });
  const res = await fetch(`${url}/api/v1/admin/users/${id}/role`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ role_id: roleId }),
  });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  assert.equal((JSON.parse(text) as { message: string }).message, ROLE_MESSAGES.assigned);
}

/** Signs in and waits for the console's first screen the role can read. */
async function signInAs(page: Page, url: string, username: string, home: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${url}${home}`);
}

const count = (page: Page, name: string | RegExp) => page.getByRole('button', { name }).count();

describe('the console follows the admin role', () => {
  const running = serverAndBrowser({ demo: true });
  let token: string;

  before(async () => {
    token = await apiToken(running.server.url);
    await adminWithRole(running.server.url, token, 'e2e_viewer', 'viewer');
    await adminWithRole(running.server.url, token, 'e2e_support', 'support');
  });

  it('a Viewer sees the screens without their write controls, and is refused a typed URL', async () => {
    const { server, browser } = running;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAs(page, server.url, 'e2e_viewer', '/dashboard');

    await page.goto(`${server.url}/users`);
    await page.getByRole('navigation', { name: 'Users pages' }).waitFor();
    await page
      .getByRole('link', { name: /^View / })
      .first()
      .waitFor();
    assert.equal(await count(page, 'Add User'), 0);
    assert.equal(await count(page, /^Delete /), 0);
    assert.equal(await count(page, /^(Make|Remove) Admin/), 0);
    assert.equal(await page.getByRole('checkbox').count(), 0, 'no selection without bulk actions');

    await page.goto(`${server.url}/coin-management`);
    await page.getByRole('heading', { name: 'Recent Transactions' }).waitFor();
    await page.getByRole('navigation', { name: /pages/ }).waitFor();
    assert.equal(await count(page, 'Add Coins'), 0);
    assert.equal(await count(page, /^Reverse transaction/), 0);

    await page.goto(`${server.url}/notifications`);
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await page.getByRole('table').first().waitFor();
    assert.equal(await count(page, 'Create Notification'), 0);
    assert.equal(await count(page, /^(Edit|Send|Delete|Cancel) /), 0);

    await page.goto(`${server.url}/database`);
    await page.getByRole('tab', { name: 'Optimization' }).click();
    await page.getByText('Backups').first().waitFor();
    assert.equal(await count(page, /Create Backup|Vacuum|Optimize Database|Run Analyze|Restore|Download/), 0);

    await page.goto(`${server.url}/security`);
    await page.getByRole('tab', { name: 'Blocked IPs' }).click();
    await page.getByRole('tabpanel').waitFor();
    assert.equal(await count(page, 'Block IP'), 0);
    assert.equal(await count(page, 'Unblock'), 0);

    await page.goto(`${server.url}/settings`);
    await page.getByText('Your role can view these settings but not change them.').waitFor();
    assert.equal(await count(page, 'Save Settings'), 0);

    // The sidebar leaves out what the role cannot read; typed by hand, the page refuses plainly.
    const nav = page.getByRole('navigation', { name: 'Main' });
    assert.equal(await nav.getByRole('link', { name: 'Admin Roles' }).count(), 0);
    await page.goto(`${server.url}/settings/roles`);
    await page.getByText(NO_ACCESS_MESSAGE).waitFor();
    assert.equal(await count(page, 'New Role'), 0);
    await page.close();
  });

  it('a Support admin suspends a reported user but cannot open Database', async () => {
    const { server, browser } = running;
    // A pending report on the first page whose reported user is still active (from the root's view).
    const auth = { authorization: `Bearer ${token}` };
    const pending = (await (
      await fetch(`${server.url}/api/v1/user-reports?page=1&per_page=20&status=pending`, { headers: auth })
    ).json()) as {
      data: { reports: { reported_user_id: string | null; reported_user_username: string | null }[] };
    };
    let index = -1;
    let target = '';
    let targetName = '';
    for (const [i, report] of pending.data.reports.entries()) {
      if (!report.reported_user_id) continue;
      const user = (await (
        await fetch(`${server.url}/api/v1/admin/users/${report.reported_user_id}`, { headers: auth })
      ).json()) as { data: { is_active: boolean; is_admin: boolean } };
      if (user.data.is_active && !user.data.is_admin) {
        index = i;
        target = report.reported_user_id;
        targetName = report.reported_user_username ?? '';
        break;
      }
    }
    assert.ok(index >= 0, 'the demo data has a pending report on an active user');

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Support cannot read the dashboard: the console starts on the first screen it can read.
    await signInAs(page, server.url, 'e2e_support', '/users');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'User Reports' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Database' }).count(), 0);
    assert.equal(await nav.getByRole('link', { name: 'Security' }).count(), 0);

    await page.goto(`${server.url}/database`);
    await page.getByText(NO_ACCESS_MESSAGE).waitFor();
    assert.equal(await count(page, 'Create Backup'), 0);

    await page.goto(`${server.url}/user-reports`);
    await page.getByRole('tab', { name: 'Pending Reports' }).click();
    await page.getByRole('navigation', { name: 'Reports pages' }).waitFor();
    await page.getByRole('button', { name: 'View Details' }).nth(index).click();
    const dialog = page.getByRole('dialog', { name: 'Report Details' });
    // The reported user by name, linked to their page; suspending asks why first.
    await dialog.getByRole('link', { name: targetName }).waitFor();
    await dialog.getByRole('button', { name: 'Suspend Reported User' }).click();
    await dialog.getByLabel('Reason for suspension').fill('Repeated harassment reports');
    await dialog.getByRole('button', { name: 'Confirm Suspension' }).click();
    await dialog.getByRole('status').getByText(USER_REPORT_MESSAGES.suspended).waitFor();

    const after = (await (
      await fetch(`${server.url}/api/v1/admin/users/${target}`, { headers: auth })
    ).json()) as { data: { is_active: boolean } };
    assert.equal(after.data.is_active, false);
    await page.close();
  });
});
