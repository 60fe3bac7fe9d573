import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import axe from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { signIn } from './support/browser.ts';
import { settled, visitEveryScreenAndTab } from './support/every-screen.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** One axe violation at one element, as a line a person can act on. */
interface Finding {
  where: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

let axeMs = 0;

/**
 * Puts axe-core in every page the context loads, once per document. @axe-core/playwright injects its 500 kB
 * again at each check, which cost more than the check itself (about 2.5 s a check against 0.5 s here).
 */
async function withAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: axe.source });
}

/** Runs axe on the page as it is now (every rule axe enables by default) and records what it finds. */
async function check(page: Page, where: string, findings: Finding[]): Promise<void> {
  const started = performance.now();
  // Violations only: axe then skips detailing every passing node.
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
  axeMs += performance.now() - started;
  for (const violation of results.violations) {
    for (const node of violation.nodes) {
      findings.push({
        where,
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        target: node.target.join(' '),
        // The first line that says why, e.g. the contrast ratio and its two colours.
        summary:
          (node.failureSummary ?? '')
            .split('\n')
            .find((l) => l.trim() && !l.startsWith('Fix'))
            ?.trim() ?? '',
      });
    }
  }
}

function report(findings: Finding[]): string {
  return findings
    .map((f) => `${f.where}: ${f.rule} (${f.impact}) at ${f.target}${f.summary ? ` — ${f.summary}` : ''}`)
    .join('\n');
}

describe('accessibility and themes', () => {
  const running = serverAndBrowser({ demo: true });

  it('axe finds nothing on the signed-out pages, every screen and tab, the user page and /account, at both sizes in both themes', async () => {
    const url = running.server.url;
    const started = performance.now();
    const findings: Finding[] = [];
    let checked = 0;

    /** One size's sweep, on a page of its own: the two sizes run at once, each in its own renderer. */
    const sweep = async (size: (typeof SIZES)[number]) => {
      const context = await running.browser.newContext({
        viewport: { width: size.width, height: size.height },
      });
      await withAxe(context);
      const page = await context.newPage();
      /** Checks the page as it stands in each theme: no stored choice, so it follows the emulated system. */
      const checkBothThemes = async (where: string) => {
        for (const theme of THEMES) {
          // Reduced motion: buttons and links fade between the palettes, and axe would read a colour halfway.
          await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
          await page.waitForFunction(
            (dark) =>
              document.documentElement.classList.contains('dark') === dark &&
              document
                .getAnimations()
                .every((a) => !(a instanceof CSSTransition) || a.playState === 'finished'),
            theme === 'dark',
          );
          await check(page, `${where} [${size.name} ${theme}]`, findings);
          checked++;
        }
      };
      const visit = async (path: string) => {
        await page.goto(`${url}${path}`);
        await settled(page);
        await checkBothThemes(path);
      };

      await visit('/login');
      await visit('/');
      await signIn(page, url);
      await page.goto(`${url}/users`);
      await settled(page);
      const userPath = await page
        .getByRole('main')
        .locator('a[href^="/users/"]')
        .first()
        .getAttribute('href');
      assert.ok(userPath, 'the users list links to a user page');
      await visitEveryScreenAndTab(page, url, checkBothThemes);
      await visit(userPath);
      await visit('/account');
      await context.close();
    };
    await Promise.all(SIZES.map(sweep));

    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    console.log(
      `axe checked ${checked} pages and tabs (${checked / 4} per size and theme × ${SIZES.length} sizes × ` +
        `${THEMES.length} themes): ${findings.length} violations; ${seconds(performance.now() - started)}, ` +
        `of which axe ${seconds(axeMs)} (the sizes at once)`,
    );
    assert.equal(findings.length, 0, `axe violations:\n${report(findings)}`);
  });

  it('dark mode chosen in the top bar is remembered across a reload, set before the app runs', async () => {
    const url = running.server.url;
    const context = await running.browser.newContext({
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    await signIn(page, url);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    assert.equal(await isDark(), false, 'a light system gives the light theme');
    const light = await background();

    await page.getByRole('button', { name: /^Theme/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    assert.equal(await isDark(), true);

    await page.reload();
    await page.getByRole('main').waitFor();
    assert.equal(await isDark(), true, 'still dark after a reload');
    const dark = await background();
    assert.notEqual(dark, light);
    const lightness = Number(/oklch\(([\d.]+)/.exec(dark)?.[1] ?? /rgb\((\d+)/.exec(dark)?.[1] ?? 'NaN');
    assert.ok(lightness < (dark.startsWith('oklch') ? 0.3 : 80), `a dark background, got ${dark}`);
    await page.getByRole('button', { name: 'Theme: Dark' }).waitFor();

    // Before any of the app's code: the inline script in the HTML alone sets the theme (no light flash),
    // and the Content-Security-Policy lets it run.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`${url}/dashboard`);
    assert.equal(await isDark(), true, 'dark before the app loads');
    await page.unroute('**/*.js');
    assert.deepEqual(blocked, []);

    // 'System' forgets the choice and follows the system again.
    await page.goto(`${url}/dashboard`);
    await page.getByRole('button', { name: 'Theme: Dark' }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    assert.equal(await isDark(), false);
    // Follows the system while System is chosen (the change event arrives a moment later).
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'), null, {
      timeout: 5000,
    });
    await context.close();
  });
});
