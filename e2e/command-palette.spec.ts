import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { apiToken } from './support/api.ts';
import { signedInPage } from './support/server-and-browser.ts';

interface Found {
  id: string;
  username: string;
}

/** The command palette (Ctrl+K): a user by part of the name, the shortcuts list, a jump to a screen. */
describe('the command palette', () => {
  const running = signedInPage('/dashboard');
  let part = '';
  let expected: Found | undefined;

  before(async () => {
    const { url } = running.server;
    const token = await apiToken(url);
    const ask = async (query: string) => {
      const res = await fetch(`${url}/api/v1/admin/public/users?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { data: { users: Found[] } }).data.users;
    };
    // A demo user, searched by the first letters of the username, as an admin would type them.
    const demo = (await ask('limit=20')).find((u) => u.username.length >= 6 && u.username !== 'admin');
    assert.ok(demo, 'a demo user');
    part = demo.username.slice(0, 5);
    // The palette lists what the server's search answers, first match first.
    expected = (await ask(`search=${encodeURIComponent(part)}&limit=8`))[0];
    assert.ok(expected);
  });

  it('opens on Ctrl+K, finds a user by part of the name, and Enter opens their page', async () => {
    const { page } = running;
    await page.getByRole('button', { name: /^Search…/ }).waitFor();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    await page.keyboard.type(part);
    const option = palette.getByRole('option', { name: new RegExp(`^${expected?.username}`) });
    await option.first().waitFor();
    // The first result is the first user the search found.
    assert.equal(await palette.getByRole('option').first().getAttribute('aria-selected'), 'true');
    assert.match(
      (await palette.getByRole('option').first().textContent()) ?? '',
      new RegExp(`^${expected?.username}`),
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/users/${expected?.id}$`));
    await palette.waitFor({ state: 'hidden' });
  });

  it("lists the keyboard shortcuts on '?'", async () => {
    const { page } = running;
    // After a choice the palette leaves the focus to the page it opened: no field has it, '?' is free.
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'BODY');
    await page.keyboard.press('?');
    const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await list.waitFor();
    await list.getByText('Open the command palette (⌘ K on a Mac)').waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
  });

  it('jumps to a screen from the keyboard, and the top-bar button opens it too', async () => {
    const { page } = running;
    await page.getByRole('button', { name: /^Search…/ }).click();
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    await page.keyboard.type('coin man');
    await palette.getByRole('option', { name: 'Coin Management' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/coin-management$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });
});
