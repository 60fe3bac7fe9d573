import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

describe('Geolocation and Social Interactions on the demo data', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const outside: string[] = [];
  before(async () => {
    [server, browser] = await Promise.all([startServer({ demo: true }), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Offline: anything not served by the console itself is refused and recorded.
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(server.url) || url.startsWith('data:')) return route.continue();
      outside.push(url);
      return route.abort();
    });
    await signIn(page, server.url);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('draws the world map offline and filters Recent Locations by the clicked country', async () => {
    await page.goto(`${server.url}/geolocation`);
    for (const card of ['Total Locations', 'Countries', 'Cities', 'Most Visited'])
      await page.getByText(card, { exact: true }).waitFor();
    const map = page.getByRole('group', { name: 'World map of locations' });
    await map.waitFor();
    assert.ok((await map.locator('path[data-country]').count()) > 100, 'country outlines drawn');
    assert.ok((await map.locator('circle').count()) > 5, 'a point per city');

    const table = page.getByRole('table', { name: 'Recent Locations' });
    await table.waitFor();
    assert.equal(await table.locator('tbody tr').count(), 50);

    // The last point is drawn on top of every other, so nothing can cover it.
    const point = map.locator('circle').last();
    const city = await point.getAttribute('data-city');
    await point.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.getByText(/locations$/).waitFor();
    assert.match(await tooltip.innerText(), new RegExp(`^${city},`));

    // Points drawn over the country can cover its outline, so the click goes to the path itself.
    await map.locator('path[data-country="Germany"]').dispatchEvent('click');
    await page.waitForURL(/country=Germany/);
    await table
      .locator('tbody tr')
      .first()
      .getByText(/, Germany$/)
      .waitFor();
    const places = await table.locator('tbody tr td:first-child span.font-medium').allTextContents();
    assert.ok(places.length > 0);
    assert.ok(
      places.every((p) => p.endsWith(', Germany')),
      `only Germany: ${places.join('; ')}`,
    );
    assert.deepEqual(outside, [], 'no request left the console');
  });

  it('opens each social tab and pages forward to the next 20', async () => {
    await page.goto(`${server.url}/social-interactions`);
    await page.getByText('Mutual Friends').waitFor();
    await page
      .getByText(/^\d+\.\d%$/)
      .first()
      .waitFor();
    for (const [tab, label, noun] of [
      ['Users', 'Users', 'users'],
      ['Likes', 'Likes', 'likes'],
      ['Friends', 'Friend requests', 'friend requests'],
      ['Follows', 'Follows', 'follows'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      const pager = page.getByRole('navigation', { name: `${label} pages` });
      await pager.getByText(new RegExp(`Showing 1–20 of [\\d,]+ ${noun}`)).waitFor();
      const table = page.getByRole('table', { name: label });
      assert.equal(await table.locator('tbody tr').count(), 20, `${tab}: 20 rows`);
      const firstRowPage1 = await table.locator('tbody tr').first().textContent();
      await pager.getByRole('button', { name: 'Page 2', exact: true }).click();
      await pager.getByText(new RegExp(`Showing 21–40 of [\\d,]+ ${noun}`)).waitFor();
      await page.waitForFunction(
        ([name, before]) =>
          document.querySelector(`table[aria-label="${name}"] tbody tr`)?.textContent !== before &&
          document.querySelector(`table[aria-label="${name}"]`)?.getAttribute('aria-busy') !== 'true',
        [label, firstRowPage1] as const,
      );
      assert.equal(await table.locator('tbody tr').count(), 20, `${tab}: page 2 has 20 rows`);
      await pager.getByRole('button', { name: 'Next' }).click();
      await pager.getByText(new RegExp(`Showing 41–60 of [\\d,]+ ${noun}`)).waitFor();
    }
  });
});
