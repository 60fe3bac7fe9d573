import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiToken } from './support/api.ts';
import { signIn } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

/** Issue #26: `npm start` with demo data comes with simulated app users the console watches live. */
describe('a console that watches a living system', () => {
  const running = serverAndBrowser({ demo: true, traffic: true, logLevel: 'info' });
  let page: Page;
  let token: string;
  before(async () => {
    token = await apiToken(running.server.url);
    page = await running.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, running.server.url);
  });

  const statValue = (label: string) =>
    page
      .locator('[data-slot=card]')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('.text-2xl')
      .textContent();

  it('moves the Real-time Monitor on its own: online users and active calls change within a minute', async () => {
    await page.goto(`${running.server.url}/monitor`);
    await page.getByText('Online Users', { exact: true }).waitFor();
    const first = { online: await statValue('Online Users'), calls: await statValue('Active Calls') };
    const seen = { online: false, calls: false };
    const deadline = Date.now() + 90_000;
    while (!(seen.online && seen.calls) && Date.now() < deadline) {
      await page.waitForTimeout(2000);
      seen.online ||= (await statValue('Online Users')) !== first.online;
      seen.calls ||= (await statValue('Active Calls')) !== first.calls;
    }
    assert.deepEqual(seen, { online: true, calls: true }, 'the monitor did not move by itself');
  });

  it('shows a simulated call as Active in Calls Management, and an admin force-end reaches its parties', async () => {
    const url = `${running.server.url}/calls?status=active&search=sim_1_`;
    const endButton = page
      .getByRole('table')
      .getByRole('button', { name: /^End call sim_1_\d+ → sim_1_\d+$/ })
      .first();
    const deadline = Date.now() + 90_000;
    await page.goto(url);
    while (!(await endButton.isVisible()) && Date.now() < deadline) {
      await page.waitForTimeout(3000);
      await page.goto(url);
    }
    const label = (await endButton.getAttribute('aria-label')) ?? '';
    const caller = /^End call (sim_1_\d+) →/.exec(label)?.[1] ?? '';
    assert.match(caller, /^sim_1_\d+$/, `the End button is labelled "${label}"`);
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: label, exact: true }) });
    // The badge says "active", capitalised by CSS.
    await row.getByText(/^active$/i).waitFor();

    await endButton.click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'End Call' }).click();
    await page.getByText('Call ended').waitFor();

    // The simulated parties heard it over their socket, and the simulator said so.
    const deadlineLog = Date.now() + 15_000;
    const endedByAdmin = new RegExp(`call (\\d+) \\(${caller} → [^)]+\\) was ended by an admin`);
    while (!endedByAdmin.test(running.server.output()) && Date.now() < deadlineLog)
      await new Promise((resolve) => setTimeout(resolve, 250));
    const callId = endedByAdmin.exec(running.server.output())?.[1];
    assert.ok(callId, 'the simulator did not hear of the force-end');

    // The row settled: ended, with its duration.
    const res = await fetch(`${running.server.url}/api/v1/admin/calls/history?limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { calls } = (
      (await res.json()) as { data: { calls: { id: number; status: string; duration: number }[] } }
    ).data;
    const ended = calls.find((c) => c.id === Number(callId));
    assert.equal(ended?.status, 'ended');
    assert.ok((ended?.duration ?? 0) >= 0);
  });
});
