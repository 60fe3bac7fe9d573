import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/** A documentation address (RFC 5737), never this machine's own: the server refuses to block that. */
const TEST_ADDRESS = '203.0.113.45';

describe('trust and safety screens', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  // Health probes are exempt from the block (load balancers); any other route is refused.
  const statusFrom = (ip: string) =>
    fetch(`${server.url}/api/v1/admin_root_admin/status`, { headers: { 'x-forwarded-for': ip } }).then(
      (r) => r.status,
    );

  before(async () => {
    // One trusted hop, so a request can say which address it comes from (X-Forwarded-For).
    process.env.TRUST_PROXY = '1';
    [server, browser] = await Promise.all([startServer({ demo: true }), launchBrowser()]);
    // A real failure to resolve: a sign-in with an unknown username.
    const res = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.77' },
      body: JSON.stringify({ username: 'e2e-ghost', password: 'Wrong-password-1' }),
    });
    assert.equal(res.status, 401);
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(page, server.url);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('resolves a security event', async () => {
    await page.goto(`${server.url}/security`);
    await page.getByRole('tab', { name: 'Security Events' }).click();
    const row = page.getByRole('row').filter({ hasText: "username 'e2e-ghost'" });
    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: 'Resolve' }).click();
    await row.getByText('Resolved').waitFor();
    assert.equal(await row.getByRole('button', { name: 'Resolve' }).count(), 0);
  });

  it('blocks an address (its next request is refused) and unblocks it (access restored)', async () => {
    assert.equal(await statusFrom(TEST_ADDRESS), 200);
    await page.goto(`${server.url}/security`);
    await page.getByRole('tab', { name: 'Blocked IPs' }).click();
    await page.getByLabel('IP Address').fill(TEST_ADDRESS);
    await page.getByLabel('Reason').fill('e2e: abusive client');
    await page.getByRole('button', { name: 'Block IP' }).click();
    const row = page.getByRole('row').filter({ hasText: TEST_ADDRESS });
    await row.getByText('e2e: abusive client').waitFor();
    assert.equal(await statusFrom(TEST_ADDRESS), 403);

    // The refused request is itself a security event.
    await page.getByRole('tab', { name: 'Security Events' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: `Request from blocked address ${TEST_ADDRESS}` })
      .first()
      .waitFor();

    await page.getByRole('tab', { name: 'Blocked IPs' }).click();
    await row.getByRole('button', { name: 'Unblock' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Unblock' }).click();
    // The open dialog hides the table from role queries, so the row reads as gone until the dialog closes,
    // which it does once the server has answered.
    await confirm.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    assert.equal(await statusFrom(TEST_ADDRESS), 200);
  });

  it('resolves a pending report with notes', async () => {
    await page.goto(`${server.url}/user-reports`);
    await page.getByRole('tab', { name: 'Pending Reports' }).click();
    const pager = page.getByRole('navigation', { name: 'Reports pages' });
    await pager.getByText(/Showing 1–\d+ of [\d,]+ reports/).waitFor();
    const before = Number(
      (await pager.textContent())?.match(/of ([\d,]+) reports/)?.[1]?.replaceAll(',', ''),
    );
    await page.getByRole('button', { name: 'View Details' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Report Details' });
    await dialog.getByRole('button', { name: 'Resolve Report' }).click();
    await dialog.getByText('Resolution notes are required').waitFor();
    await dialog.getByLabel('Resolution Notes').fill('Warned the user; e2e');
    await dialog.getByRole('button', { name: 'Resolve Report' }).click();
    await dialog.waitFor({ state: 'detached' });
    await pager.getByText(`of ${(before - 1).toLocaleString('en-US')} reports`).waitFor();
  });
});
