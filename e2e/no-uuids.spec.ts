import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createUser } from './support/api.ts';
import { SCREENS, settled, visitEveryScreenAndTab } from './support/every-screen.ts';
import { signedInPage } from './support/server-and-browser.ts';

const NOTIFICATION = 'e2e no-uuids notice';

/**
 * The UUID-shaped strings a person can see: visible text and form values, outside elements marked
 * `data-shows-id` (the user page's id field and copy buttons).
 */
// A string, not a function: the test runner's transform would add helpers the page does not have.
const SHOWN_UUIDS = `(() => {
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f-]*/gi;
  const found = [];
  const hidden = (el) => el.closest('[data-shows-id]') !== null || !el.checkVisibility();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || hidden(parent) || ['SCRIPT', 'STYLE'].includes(parent.tagName)) continue;
    for (const m of node.textContent.match(uuid) ?? []) found.push(m + ' in "' + parent.innerText.slice(0, 120) + '"');
  }
  for (const field of document.querySelectorAll('input, textarea')) {
    if (field.type === 'hidden' || hidden(field)) continue;
    for (const m of field.value.match(uuid) ?? []) found.push(m + ' in the field ' + (field.name || field.id));
  }
  return found;
})()`;

function shownUuids(page: Page): Promise<string[]> {
  return page.evaluate(SHOWN_UUIDS);
}

describe('no screen shows a user id where a name belongs', () => {
  const running = signedInPage(undefined, async (url, token) => {
    // A draft to specific users, so its edit dialog has users to show.
    const { id } = await createUser(url, token, {
      username: 'e2e-chosen',
      email: 'e2e-chosen@example.test',
      password: 'Passw0rd!x',
    });
    const res = await fetch(`${url}/api/v1/admin/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: NOTIFICATION,
        message: 'For one user',
        target_audience: 'specific',
        target_user_ids: [id],
      }),
    });
    assert.equal(res.status, 201, await res.text());
  });
  let page: Page;
  before(() => {
    ({ page } = running);
  });

  /** Lets the screen's requests finish, then records what it shows under `where`. */
  async function check(where: string, seen: string[]) {
    await settled(page);
    for (const s of await shownUuids(page)) seen.push(`${where}: ${s}`);
  }

  /** Opens the first row's View button in each table (a details dialog), checks it, and closes it. */
  async function checkDetails(where: string, seen: string[]) {
    const view = page
      .getByRole('row')
      .getByRole('button', { name: /^View/ })
      .or(page.getByRole('row').getByRole('link', { name: /^View/ }));
    if ((await view.count()) === 0) return;
    await view.first().click();
    const dialog = page.getByRole('dialog');
    if (await dialog.isVisible().catch(() => false)) {
      await check(`${where} details`, seen);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    } else {
      await check(`${where} (after View)`, seen);
      await page.goBack();
    }
  }

  it('walks every screen, its tabs and its details dialogs', async () => {
    assert.ok(SCREENS.length > 15, `screens read from console-screens.ts (${SCREENS.length})`);
    const seen: string[] = [];
    await visitEveryScreenAndTab(page, running.server.url, async (where) => {
      await check(where, seen);
      await checkDetails(where, seen);
    });
    assert.deepEqual(seen, []);
  });

  it('shows the users of a notification to specific users by name', async () => {
    await page.goto(`${running.server.url}/notifications`);
    await page.getByRole('button', { name: `Edit ${NOTIFICATION}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('e2e-chosen').waitFor();
    const seen: string[] = [];
    await check('notification edit dialog', seen);
    assert.deepEqual(seen, []);
  });
});
