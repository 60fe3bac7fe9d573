import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { RunningServer } from './support/server.ts';
import { signedInPage } from './support/server-and-browser.ts';

describe('the Calls screen on the demo data', () => {
  const running = signedInPage('/calls');
  let server: RunningServer;
  let page: Page;
  before(() => {
    ({ server, page } = running);
  });

  const pager = () => page.getByRole('navigation', { name: 'Calls pages' });
  const table = () => page.getByRole('table', { name: 'Recent Calls' });
  const totalShown = async () =>
    Number((await pager().textContent())?.match(/of ([\d,]+) calls/)?.[1]?.replace(/,/g, ''));
  const choose = async (filter: string, option: string) => {
    await page.getByRole('combobox', { name: filter }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  it('shows the cards and the first page of real calls', async () => {
    await page.getByText('Monitor and manage voice and video calls').waitFor();
    await pager()
      .getByText(/Showing 1–20 of [\d,]+ calls/)
      .waitFor();
    assert.ok((await totalShown()) > 1000);
    for (const card of ['Total Calls', 'Active Calls', 'Avg Duration', 'Total Revenue'])
      await page.getByText(card, { exact: true }).waitFor();
    // Revenue is coins spent, valued at a package price beside them; each call's cost likewise.
    await page.getByText(/^\$[\d,]+\.\d\d at the .+ package price$/).waitFor();
    await table().locator('tbody tr').first().waitFor();
    assert.match((await table().locator('tbody').textContent()) ?? '', /\d coins? · \$[\d,]+\.\d\d/);
  });

  it('filters by status and type, searches by username, and opens and closes the details', async () => {
    const all = await totalShown();
    await choose('Status filter', 'Missed');
    await page.waitForURL(/status=missed/);
    await pager()
      .getByText(/Showing 1–\d+ of/)
      .waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('table[aria-label="Recent Calls"] tbody tr')].every((tr) =>
        tr.textContent?.includes('missed'),
      ),
    );
    const missed = await totalShown();
    assert.ok(missed > 0 && missed < all, `missed ${missed} of ${all}`);
    await choose('Type filter', 'Video');
    await page.waitForURL(/type=video/);
    await page.waitForFunction((before) => {
      const m = document
        .querySelector('nav[aria-label="Calls pages"]')
        ?.textContent?.match(/of ([\d,]+) calls/);
      return m && Number(m[1]?.replace(/,/g, '')) < before;
    }, missed);

    // A party with a name: 3% of the demo calls have an anonymous caller, "Anonymous (username)".
    const titles = await table().locator('tbody tr td:first-child span:first-child').allTextContents();
    const firstParty =
      titles
        .flatMap((title) => title.split(' → '))
        .find((party) => !party.startsWith('Anonymous') && party !== 'Unknown') ?? '';
    assert.ok(firstParty.length > 2);
    await page.getByPlaceholder('Search calls by username...').fill(firstParty);
    await page.waitForURL(new RegExp(`search=${encodeURIComponent(firstParty)}`));
    // The old rows stay (dimmed) until the server's answer replaces them: wait for every row to name the
    // party, an anonymous caller too ("Anonymous (username)": the admin sees why the row matched).
    await page.waitForFunction((name) => {
      // Row texts, not a named helper: the bundler would wrap a named function in a __name() the page lacks.
      const texts = [...document.querySelectorAll('table[aria-label="Recent Calls"] tbody tr')].map(
        (tr) => tr.textContent ?? '',
      );
      return texts.length > 0 && texts.every((text) => text.toLowerCase().includes(name.toLowerCase()));
    }, firstParty);
    assert.match(page.url(), /status=missed/);

    await table()
      .getByRole('button', { name: /^View call/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Call Details').waitFor();
    for (const label of ['Caller', 'Receiver', 'Coins Used', 'Start Time', 'End Time'])
      await dialog.getByText(label, { exact: true }).waitFor();
    await dialog.getByText(firstParty, { exact: true }).first().waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('reaches the failed calls of the last hour in two clicks, and the CSV holds the same rows', async () => {
    await page.goto(`${server.url}/calls`);
    await pager()
      .getByText(/Showing 1–20 of/)
      .waitFor();
    // Click 1: the range. Click 2: the failed count on the Total Calls card.
    await page.getByRole('group', { name: 'Time range' }).getByRole('button', { name: '1 h' }).click();
    await page.waitForURL(/range=1h/);
    await page.getByRole('button', { name: /^\d[\d,]* failed$/ }).click();
    await page.waitForURL(/range=1h.*status=failed|status=failed.*range=1h/);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('table[aria-label="Recent Calls"] tbody tr')].every((tr) =>
        tr.textContent?.includes('failed'),
      ),
    );
    const shown = await totalShown();
    assert.ok(shown >= 3, `the demo has failed calls in the last hour (${shown})`);
    const card = await page.getByRole('button', { name: /^\d[\d,]* failed$/ }).textContent();
    assert.equal(Number(card?.replace(/\D/g, '')), shown, 'the card counts what the list shows');
    const rowIds = await table().locator('tbody tr').count();
    assert.equal(rowIds, Math.min(shown, 20));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const lines = (await readFile(path, 'utf8')).trim().split('\r\n');
    const header = lines[0]?.split(',') ?? [];
    const rows = lines.slice(1).map((line) => line.split(','));
    assert.equal(rows.length, shown, 'the CSV has the rows the list counts');
    const at = (name: string) => header.indexOf(name);
    const hourAgo = Date.now() - 3_600_000 - 60_000;
    for (const row of rows) {
      assert.equal(row[at('status')], 'failed');
      assert.ok(Date.parse(row[at('started_at')] ?? '') >= hourAgo, `started within the hour: ${row}`);
      assert.ok((row[at('end_reason')] ?? '').length > 0, 'a failed call says why');
    }
    // The list's first row is the CSV's first row, and its reason shows in the list.
    const firstReasonCode = rows[0]?.[at('end_reason')] ?? '';
    await table().locator('tbody tr').first().getByText(/./).first().waitFor();
    assert.ok(firstReasonCode.length > 0);
  });
});
