import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { RunningServer } from './support/server.ts';
import { signedInPage } from './support/server-and-browser.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('notifications and official messages on the demo data', () => {
  const running = signedInPage();
  let server: RunningServer;
  let page: Page;
  before(() => {
    ({ server, page } = running);
  });

  it('creates a notification, sends it, and shows it sent to its recipients', async () => {
    await page.goto(`${server.url}/notifications`);
    await page.getByRole('button', { name: 'Create Notification' }).click();
    const dialog = page.getByRole('dialog');
    const submit = dialog.getByRole('button', { name: 'Create Notification' });
    assert.equal(await submit.isDisabled(), true);
    await dialog.getByLabel('Title *').fill('E2E maintenance notice');
    await dialog.getByLabel('Message *').fill('Calls may drop for a minute tonight.');
    await submit.click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByLabel('Search notifications').fill('E2E maintenance');
    const row = page.getByRole('row').filter({ hasText: 'E2E maintenance notice' });
    await row.getByText('Draft').waitFor();
    await row.getByRole('button', { name: 'Send E2E maintenance notice' }).click();
    await row.getByText('Sent').waitFor();
    const counts = (await row.getByText(/\d+ \/ \d+/).textContent()) ?? '';
    const total = Number(counts.match(/\/ ([\d,]+)/)?.[1]?.replaceAll(',', ''));
    assert.ok(total > 100, `sent to every demo user (saw ${counts})`);
    assert.equal(await row.getByRole('button').count(), 0, 'a sent notification has no actions');

    // It is in the database: still sent after a reload.
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'E2E maintenance notice' }).getByText('Sent').waitFor();
  });

  it('creates an official message with an image and shows it in the list', async () => {
    await page.goto(`${server.url}/official-messaging`);
    await page.getByRole('button', { name: 'Create Message' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title *').fill('E2E new year update');
    await dialog.getByLabel('Content *').fill('Group calls are here.');
    await dialog.getByLabel('Urgent').click();
    await dialog
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByLabel('Image alt text').fill('A dot');
    await dialog.getByRole('button', { name: 'Save as Draft' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ hasText: 'E2E new year update' });
    await row.getByText('Draft').waitFor();
    await row.getByText('Urgent').waitFor();
    const image = row.getByRole('img', { name: 'A dot' });
    await image.waitFor();
    assert.equal(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), 1);
  });
});
