import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiToken } from './api.ts';
import { launchBrowser, signIn } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

/**
 * Starts a server and a browser before the enclosing describe's tests and stops both after them.
 * The fields are set once `before` has run, so read them inside the tests.
 */
export function serverAndBrowser(options: Parameters<typeof startServer>[0]) {
  const running = {} as { server: RunningServer; browser: Browser };
  before(async () => {
    [running.server, running.browser] = await Promise.all([startServer(options), launchBrowser()]);
  });
  after(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return running;
}

/**
 * A demo server, a browser and a 1280×900 page signed in as the demo admin (opened at `path` when given),
 * for the enclosing describe. `setup` runs first, with the server's URL and an admin API token, to add
 * the data the tests need. Read the fields inside the tests.
 */
export function signedInPage(path?: string, setup?: (url: string, token: string) => Promise<void>) {
  const running = serverAndBrowser({ demo: true }) as ReturnType<typeof serverAndBrowser> & { page: Page };
  before(async () => {
    const { server, browser } = running;
    if (setup) await setup(server.url, await apiToken(server.url));
    running.page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(running.page, server.url);
    if (path) await running.page.goto(`${server.url}${path}`);
  });
  return running;
}
