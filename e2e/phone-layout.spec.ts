import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createUser } from './support/api.ts';
import { settled, visitEveryScreenAndTab } from './support/every-screen.ts';
import { signedInPage } from './support/server-and-browser.ts';

const PHONE = { width: 390, height: 844 };

/**
 * What does not fit a phone's width on the open screen:
 * - the page itself wider than the viewport (a sideways scroll of the whole layout);
 * - any element of main whose right edge passes the viewport, unless a horizontally scrollable box holds it
 *   (a wide table scrolls inside its own box);
 * - a row's button (View, End call…) outside the viewport, so it needs a sideways scroll to be seen;
 * - text cut by an ellipsis to a few letters ("Sche…"): narrower than 96 px, or under half of it shown.
 */
// A string, not a function: the test runner's transform would add helpers the page does not have.
const MISFITS = `(() => {
  const width = window.innerWidth;
  const found = [];
  const name = (el) => {
    const text = (el.getAttribute('aria-label') || el.innerText || '').trim().replace(/\\s+/g, ' ').slice(0, 50);
    return el.tagName.toLowerCase() + (text ? ' "' + text + '"' : '');
  };
  const scrollsSideways = (el) => {
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const overflow = getComputedStyle(box).overflowX;
      if (overflow === 'auto' || overflow === 'scroll') return true;
    }
    return false;
  };
  const page = document.documentElement.scrollWidth;
  if (page > width) found.push('the layout is ' + page + ' px wide');
  const main = document.querySelector('main');
  if (!main) return found;
  for (const el of main.querySelectorAll('*')) {
    if (!el.checkVisibility()) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.right > width + 1 && !scrollsSideways(el)) {
      found.push(name(el) + ' ends at ' + Math.round(box.right) + ' px');
      continue;
    }
    const style = getComputedStyle(el);
    const cut = style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
    if (cut && (el.clientWidth < 96 || el.clientWidth < el.scrollWidth / 2))
      found.push(name(el) + ' is cut to ' + el.clientWidth + ' of ' + el.scrollWidth + ' px');
  }
  for (const button of main.querySelectorAll('tbody tr button:not([role=checkbox])')) {
    if (!button.checkVisibility()) continue;
    const box = button.getBoundingClientRect();
    if (box.left < -1 || box.right > width + 1) found.push('the row action ' + name(button) + ' is off-screen');
  }
  return [...new Set(found)].slice(0, 8);
})()`;

function misfits(page: Page): Promise<string[]> {
  return page.evaluate(MISFITS);
}

describe('every screen fits a phone (390×844)', () => {
  let userId = '';
  const running = signedInPage(undefined, async (url, token) => {
    ({ id: userId } = await createUser(url, token, {
      username: 'e2e-phone-user-with-a-rather-long-name',
      email: 'e2e-phone-user-with-a-rather-long-name@example.test',
      full_name: 'Maximiliana Bartholomew-Featherstonehaugh',
      password: 'Passw0rd!x',
    }));
  });
  let page: Page;
  before(async () => {
    ({ page } = running);
    await page.setViewportSize(PHONE);
  });

  async function check(where: string, seen: string[]) {
    await settled(page);
    for (const misfit of await misfits(page)) seen.push(`${where}: ${misfit}`);
  }

  it('walks every screen and tab without a sideways overflow', async () => {
    const seen: string[] = [];
    await visitEveryScreenAndTab(page, running.server.url, (where) => check(where, seen));
    assert.deepEqual(seen, []);
  });

  it('fits the user page and the account page', async () => {
    const seen: string[] = [];
    for (const path of [`/users/${userId}`, '/account']) {
      await page.goto(`${running.server.url}${path}`);
      await page.getByRole('main').waitFor();
      await check(path, seen);
    }
    assert.deepEqual(seen, []);
  });

  it('fits the sign-in page', async () => {
    const signedOut = await running.browser.newPage({ viewport: PHONE });
    try {
      await signedOut.goto(`${running.server.url}/login`);
      await signedOut.getByLabel('Username').waitFor();
      await settled(signedOut);
      const width = await signedOut.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= PHONE.width, `the sign-in page is ${width} px wide`);
    } finally {
      await signedOut.close();
    }
  });
});
