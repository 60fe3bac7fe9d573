import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiToken } from './support/api.ts';
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

  /** The notification titled `title` and the sent count, as the API reports them. */
  async function stored(title: string) {
    const token = await apiToken(server.url);
    const get = async (path: string) =>
      (await (
        await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        data: never;
      };
    const list = (await get(`/admin/notifications?search=${encodeURIComponent(title)}`)).data as {
      notifications: { title: string; status: string; total_recipients: number; sent_at: string | null }[];
    };
    const stats = (await get('/admin/notification-stats')).data as { sent_notifications: number };
    return { row: list.notifications.find((n) => n.title === title), sent: stats.sent_notifications };
  }

  it('creates a notification, asks "Send to N users?" (Cancel sends nothing), sends it on confirm', async () => {
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
    const before = await stored('E2E maintenance notice');
    const send = row.getByRole('button', { name: 'Send E2E maintenance notice' });
    await send.click();
    const confirm = page.getByRole('alertdialog');
    const question = confirm.getByText(/^Send to [\d,]+ users\?$/);
    await question.waitFor();
    const asked = Number(((await question.textContent()) ?? '').replace(/\D/g, ''));
    assert.ok(asked > 100, `the question states every demo user (saw ${asked})`);

    // Cancel: nothing is sent, on the server as on the screen.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    const after = await stored('E2E maintenance notice');
    assert.equal(after.row?.status, 'draft');
    assert.equal(after.row?.total_recipients, 0, 'no recipient row was written');
    assert.equal(after.row?.sent_at, null);
    assert.equal(after.sent, before.sent, 'no notification counts as sent');
    await row.getByText('Draft').waitFor();

    await send.click();
    await confirm.getByText(/^Send to [\d,]+ users\?$/).waitFor();
    await confirm.getByRole('button', { name: 'Send', exact: true }).click();
    await row.getByText('Sent').waitFor();
    const counts = (await row.getByText(/\d+ \/ \d+/).textContent()) ?? '';
    const total = Number(counts.match(/\/ ([\d,]+)/)?.[1]?.replaceAll(',', ''));
    assert.equal(total, asked, `sent to as many users as the question said (saw ${counts})`);
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
