import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { apiToken, createUser, withoutWelcomeCoins } from './support/api.ts';
import { CHROMIUM, CHROMIUM_ARGS, signIn } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/** Camera and microphone are Chromium's fake devices, granted without a prompt. */
const MEDIA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];
const PASSWORD = 'Caller-pass-1!';

async function api<T>(url: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${url}/api/v1${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function appToken(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/app/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`app login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Issue 25's "Done when": two browsers call each other through the server over real WebRTC. */
describe('a real call between two softphones', { timeout: 240_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: string;
  let alice: Page;
  let bob: Page;
  let adminPage: Page;
  let aliceId: string;
  let bobId: string;
  let callId: number;

  before(async () => {
    [server, browser] = await Promise.all([
      startServer({ demo: true }),
      chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...MEDIA_ARGS] }),
    ]);
    admin = await apiToken(server.url);
    await withoutWelcomeCoins(server.url, admin);
    const suffix = Date.now().toString(36);
    aliceId = (
      await createUser(server.url, admin, {
        username: `alice_${suffix}`,
        email: `alice_${suffix}@example.com`,
        password: PASSWORD,
      })
    ).id;
    bobId = (
      await createUser(server.url, admin, {
        username: `bob_${suffix}`,
        email: `bob_${suffix}@example.com`,
        password: PASSWORD,
      })
    ).id;
    await api(server.url, admin, '/admin/coins/add', {
      method: 'POST',
      body: JSON.stringify({ user_id: aliceId, amount: 100, description: 'Calling credit' }),
    });
    const aliceToken = await appToken(server.url, `alice_${suffix}`);
    await api(server.url, aliceToken, '/users/contacts', {
      method: 'POST',
      body: JSON.stringify({ user_id: bobId }),
    });

    const phone = async (username: string) => {
      const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/app`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Connected', { exact: false }).waitFor();
      return page;
    };
    [alice, bob] = await Promise.all([phone(`alice_${suffix}`), phone(`bob_${suffix}`)]);
    adminPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(adminPage, server.url);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const status = (page: Page) => page.getByTestId('call-status');
  const media = (page: Page) => page.getByTestId('media-status');

  it('connects both peer connections over loopback', async () => {
    await alice.getByRole('button', { name: /^Voice call bob_/ }).click();
    await bob.getByText(/Incoming voice call from alice_/).waitFor();
    await bob.getByRole('button', { name: 'Accept' }).click();
    await status(alice)
      .getByText(/: active/)
      .waitFor();
    await status(bob)
      .getByText(/: active/)
      .waitFor();
    await media(alice).getByText('Media: connected').waitFor({ timeout: 30_000 });
    await media(bob).getByText('Media: connected').waitFor({ timeout: 30_000 });
  });

  it('stores quality samples read from getStats() on both sides', async () => {
    type Active = { data: { calls: { id: number; caller_id: string | null }[] } };
    const active = await api<Active>(server.url, admin, '/admin/calls/active');
    const mine = active.data.calls.find((call) => call.caller_id === aliceId);
    assert.ok(mine, 'the call is live on the server');
    callId = mine.id;
    type Quality = { data: { samples: { side: string; mos: number; bitrate_kbps: number }[] } };
    const samples = await until('samples from both sides', async () => {
      const { data } = await api<Quality>(server.url, admin, `/admin/calls/${callId}/quality`);
      const sides = new Set(data.samples.map((s) => s.side));
      return sides.has('caller') && sides.has('callee') ? data.samples : undefined;
    });
    // Audio flows between the fake devices: some interval measured a bitrate, and each MOS is on 1..5.
    assert.ok(
      samples.some((s) => s.bitrate_kbps > 0),
      JSON.stringify(samples),
    );
    assert.ok(
      samples.every((s) => s.mos >= 1 && s.mos <= 5),
      JSON.stringify(samples),
    );
  });

  it('shows the call as Active on the Calls screen, where an admin ends it for both parties', async () => {
    await adminPage.goto(`${server.url}/calls?status=active&search=alice_`);
    const table = adminPage.getByRole('table', { name: 'Recent Calls' });
    const row = table.locator('tbody tr', { hasText: /alice_/ });
    await row.getByText('active', { exact: false }).first().waitFor();
    await row.getByRole('button', { name: /^End call/ }).click();
    const confirm = adminPage.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'End Call' }).click();
    await adminPage.getByText('Call ended').waitFor();

    for (const page of [alice, bob]) {
      await status(page)
        .getByText(/: ended \(admin ended\)/)
        .waitFor();
      await media(page).getByText('Media: none').waitFor();
    }
  });

  it('spends the call in the ledger, and the balance equals the entries', async () => {
    type Ledger = {
      data: {
        balance: number;
        transactions: { amount: number; transaction_type: string; call_id?: number | null }[];
      };
    };
    const { data } = await api<Ledger>(
      server.url,
      admin,
      `/admin/coins/users/${aliceId}/transactions?limit=100`,
    );
    const sum = data.transactions.reduce((total, entry) => total + entry.amount, 0);
    assert.equal(data.balance, sum, JSON.stringify(data));
    assert.ok(
      data.transactions.some((entry) => entry.amount < 0),
      `a spend entry: ${JSON.stringify(data.transactions)}`,
    );
    assert.ok(data.balance < 100);
    type Call = { data: { calls: { id: number; status: string; coins_used: number }[] } };
    const { data: list } = await api<Call>(server.url, admin, `/admin/public/calls?search=alice_&limit=5`);
    const ended = list.calls.find((call) => call.id === callId);
    assert.equal(ended?.status, 'ended');
    assert.equal(ended?.coins_used, 100 - data.balance);
    assert.ok(bobId);
  });
});
