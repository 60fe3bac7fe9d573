import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
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
