import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signedInPage } from './support/server-and-browser.ts';

/**
 * Every paged screen keeps its tab, filters and page in the URL: a reload shows the same rows, and
 * Back steps through the states the admin went through.
 */
describe('list screens keep tab, filters and page across reload and Back', () => {
  const running = signedInPage();
  let page: Page;
  before(() => {
    ({ page } = running);
  });

  const open = async (path: string) => {
    await page.goto(`${running.server.url}${path}`);
  };
  const pager = (name: string) => page.getByRole('navigation', { name });
  /** Waits for the pager to show this range, e.g. 'Showing 21–40 of'. */
  const showing = (name: string, range: string) =>
    pager(name)
      .getByText(new RegExp(`^Showing ${range} of [\\d,]+`))
      .waitFor();
  const choose = async (filter: string, option: string) => {
    await page.getByRole('combobox', { name: filter }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const selectedTab = (name: string) =>
    page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
  const comboboxShows = async (name: string, text: string) => {
    const box = page.getByRole('combobox', { name });
    await box.getByText(text, { exact: true }).waitFor();
  };

  it('Users: status filter and page', async () => {
    await open('/users');
    await showing('Users pages', '1–10');
    await choose('Status', 'Offline');
    await page.waitForURL(/status=offline/);
    await page.getByRole('button', { name: 'Next' }).click();
    await showing('Users pages', '11–20');
    assert.match(page.url(), /page=2/);

    await page.reload();
    await showing('Users pages', '11–20');
    await comboboxShows('Status', 'Offline');

    await page.goBack();
    await showing('Users pages', '1–10');
    await comboboxShows('Status', 'Offline');
    await page.goBack();
    await comboboxShows('Status', 'All');
    assert.doesNotMatch(page.url(), /status=/);
  });

  it('Calls: status and type filters and page', async () => {
    await open('/calls');
    await showing('Calls pages', '1–20');
    await choose('Status filter', 'Ended');
    await page.waitForURL(/status=ended/);
    await choose('Type filter', 'Voice');
    await page.waitForURL(/type=voice/);
    await page.getByRole('button', { name: 'Next' }).click();
    await showing('Calls pages', '21–40');

    await page.reload();
    await showing('Calls pages', '21–40');
    await comboboxShows('Status filter', 'Ended');
    await comboboxShows('Type filter', 'Voice');

    await page.goBack();
    await showing('Calls pages', '1–20');
    await comboboxShows('Type filter', 'Voice');
    await page.goBack();
    await comboboxShows('Type filter', 'All Types');
    await comboboxShows('Status filter', 'Ended');
  });

  it('Security: tab and page', async () => {
    await open('/security');
    await selectedTab('Overview');
    await page.getByRole('tab', { name: 'Security Events' }).click();
    await showing('Security events pages', '1–20');
    await pager('Security events pages').getByRole('button', { name: 'Next' }).click();
    await showing('Security events pages', '21–40');
    assert.match(page.url(), /tab=events/);

    await page.reload();
    await selectedTab('Security Events');
    await showing('Security events pages', '21–40');

    await page.goBack();
    await selectedTab('Security Events');
    await showing('Security events pages', '1–20');
    await page.goBack();
    await selectedTab('Overview');
    await page.goForward();
    await page.goForward();
    await showing('Security events pages', '21–40');
  });

  it('System Logs: search tab, its filters and page', async () => {
    await open('/system-logs');
    await page.getByRole('tab', { name: 'Search' }).click();
    await page.getByLabel('Level').selectOption('INFO');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await showing('System logs pages', '1–20');
    await pager('System logs pages').getByRole('button', { name: 'Next' }).click();
    await showing('System logs pages', '21–40');
    assert.match(page.url(), /level=INFO/);

    await page.reload();
    await selectedTab('Search');
    assert.equal(await page.getByLabel('Level').inputValue(), 'INFO');
    await showing('System logs pages', '21–40');
    const levels = await page
      .getByRole('table', { name: 'System logs' })
      .locator('tbody tr td:nth-child(2)')
      .allTextContents();
    // Levels read as words in the table ("Info"); the filter's value stays the stored INFO.
    assert.deepEqual([...new Set(levels)], ['Info']);

    await page.goBack();
    await showing('System logs pages', '1–20');
    assert.equal(await page.getByLabel('Level').inputValue(), 'INFO');
    await page.goBack();
    // Before the search: the empty form and no results.
    await selectedTab('Search');
    await page.waitForFunction(
      () => (document.getElementById('log-level') as HTMLSelectElement | null)?.value === '',
    );
    assert.equal(await pager('System logs pages').count(), 0);
  });

  it('User Reports: tab and page', async () => {
    await open('/user-reports');
    await page.getByRole('tab', { name: 'All Reports' }).click();
    await showing('Reports pages', '1–20');
    await pager('Reports pages').getByRole('button', { name: 'Next' }).click();
    await showing('Reports pages', '21–40');

    await page.reload();
    await selectedTab('All Reports');
    await showing('Reports pages', '21–40');

    await page.getByRole('tab', { name: 'Pending Reports' }).click();
    await showing('Reports pages', '1–\\d+');
    await page.goBack();
    await selectedTab('All Reports');
    await showing('Reports pages', '21–40');
    await page.goBack();
    await showing('Reports pages', '1–20');
  });
});
