import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** Every signed-in screen's path, read from the one list the router and the sidebar are built from. */
export const SCREENS = [
  ...readFileSync(new URL('../../web/src/app/console-screens.ts', import.meta.url), 'utf8').matchAll(
    /path: '(\/[^']*)'/g,
  ),
].map((m) => m[1] as string);

/** Waits for a screen's requests to finish and its last render to settle. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(150);
}

/**
 * Opens every screen and, on each, every tab of its main area in turn, calling `visit` with where the
 * page is ("/settings › Security") once it has settled.
 */
export async function visitEveryScreenAndTab(
  page: Page,
  baseUrl: string,
  visit: (where: string) => Promise<void>,
): Promise<void> {
  for (const path of SCREENS) {
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('main').waitFor();
    await settled(page);
    await visit(path);
    const names = await page.getByRole('main').getByRole('tab').allInnerTexts();
    for (const name of names) {
      await page.getByRole('main').getByRole('tab', { name, exact: true }).first().click();
      await settled(page);
      await visit(`${path} › ${name}`);
    }
  }
}
