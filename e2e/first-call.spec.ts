import { after, before, describe, it } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/** Camera and microphone are Chromium's fake devices, granted without a prompt. */
const MEDIA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

/**
 * The README's "Make a first call", step by step as a new user reads it: two tabs of one browser on a
 * fresh demo server, every action through the pages (no API calls of its own).
 */
describe('README: Make a first call', { timeout: 300_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let alice: Page;
  let bob: Page;

  before(async () => {
    [server, browser] = await Promise.all([
      startServer({ demo: true }),
      chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...MEDIA_ARGS] }),
    ]);
    // One browser, two tabs: each tab keeps its own softphone sign-in.
    context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const createAccount = async (page: Page, username: string, email: string, password: string) => {
    await page.goto(`${server.url}/app`);
    await page.getByRole('button', { name: 'Create an account' }).click();
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Connected', { exact: false }).waitFor();
    await page.getByText(`Signed in as ${username}`).waitFor();
  };

  it('1. Tab 1: creates the caller', async () => {
    alice = await context.newPage();
    await createAccount(alice, 'alice', 'alice@example.com', 'Alice-pass-1!');
  });

  it('2. Tab 2: creates the callee', async () => {
    bob = await context.newPage();
    await createAccount(bob, 'bob', 'bob@example.com', 'Bob-pass-1!');
  });

  it('3. signs Bob in again with a one-time code, shown by the demo', async () => {
    await bob.getByRole('button', { name: 'Sign out' }).click();
    await bob.getByRole('button', { name: 'Sign in with a code' }).click();
    await bob.getByLabel('Username or email').fill('bob');
    await bob.getByRole('button', { name: 'Send me a code' }).click();
    const note = bob.getByTestId('demo-code');
    await note.getByText('Demo only').waitFor();
    const code = (await note.locator('code').textContent())?.trim() ?? '';
    await bob.getByRole('textbox', { name: 'Code' }).fill(code);
    await bob.getByRole('button', { name: 'Sign in', exact: true }).click();
    await bob.getByText('Signed in as bob').waitFor();
    await bob.getByText('Connected', { exact: false }).waitFor();
  });

  it('4. Alice starts with the demo welcome coins and buys more from the demo provider', async () => {
    await alice.bringToFront();
    await alice.getByTestId('coin-balance').getByText('Balance: 100 coins').waitFor();
    await alice.getByRole('button', { name: 'Buy Starter (demo, no payment)' }).click();
    await alice.getByRole('status').getByText('Bought 100 coins (demo purchase, no payment)').waitFor();
    await alice.getByTestId('coin-balance').getByText('Balance: 200 coins').waitFor();
  });

  it('5. Alice adds Bob as a contact, and sees him online', async () => {
    await alice.bringToFront();
    await alice.getByLabel('Find a user').fill('bob');
    await alice.getByRole('button', { name: 'Search' }).click();
    await alice.getByRole('button', { name: 'Add bob', exact: true }).click();
    const contacts = alice.getByRole('region', { name: 'Contacts' });
    await contacts.getByRole('button', { name: 'Voice call bob', exact: true }).waitFor();
    await contacts.locator('li', { hasText: /^bob/ }).getByText('Online', { exact: true }).waitFor();
  });

  it('6. Alice calls, Bob accepts, and the call connects with media both ways', async () => {
    await alice.getByRole('button', { name: 'Voice call bob', exact: true }).click();
    await bob.getByText('Incoming voice call from alice').waitFor();
    await bob.getByRole('button', { name: 'Accept' }).click();
    await alice.getByTestId('call-status').getByText('voice call with bob: active').waitFor();
    await bob.getByTestId('call-status').getByText('voice call with alice: active').waitFor();
    await alice.getByTestId('media-status').getByText('Media: connected').waitFor({ timeout: 30_000 });
    await bob.getByTestId('media-status').getByText('Media: connected').waitFor({ timeout: 30_000 });
    await alice.getByRole('button', { name: 'Hang up' }).click();
    await bob
      .getByTestId('call-status')
      .getByText(/: ended/)
      .waitFor();
  });
});
