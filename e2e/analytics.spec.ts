import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signedInPage } from './support/server-and-browser.ts';

/**
 * The sidebar's Analytics: the dashboard opened at its analytics, focus on their heading, and a range that
 * survives a reload.
 */
describe('analytics', () => {
  const running = signedInPage();
  let page: Page;
  before(() => {
    ({ page } = running);
  });

  const focusedHeading = () =>
    page.evaluate(() =>
      document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null,
    );

  it('opens at the analytics heading, focused, from the sidebar', async () => {
    await page.goto(`${running.server.url}/dashboard`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL('**/analytics');
    const heading = page.getByRole('heading', { name: 'Analytics', level: 1 });
    await heading.waitFor();
    assert.equal(await focusedHeading(), 'Analytics');
    // The analytics are the top of the screen, not a thousand pixels under the dashboard, which follows.
    const top = (await heading.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    assert.ok(top < 200, `the heading starts ${top} px down`);
    await page.getByText('Calls per day').waitFor();
    const dashboard = page.getByRole('heading', { name: 'Dashboard', level: 1 });
    assert.ok(((await dashboard.boundingBox())?.y ?? 0) > top, 'the dashboard follows the analytics');
  });

  it('shows 7 days when chosen, and still 7 days after a reload', async () => {
    await page.goto(`${running.server.url}/analytics`);
    const seven = page.getByRole('button', { name: '7 days' });
    const answered = page.waitForResponse((r) => r.url().includes('/admin/analytics?days=7') && r.ok());
    await seven.click();
    await answered;
    await page.waitForURL('**/analytics?days=7');
    assert.equal(await seven.getAttribute('aria-pressed'), 'true');
    await page.getByText('The last 7 days').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    assert.equal(await focusedHeading(), 'Analytics');
    assert.equal(await page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed'), 'false');
    await page.getByText('The last 7 days').waitFor();
  });
});
