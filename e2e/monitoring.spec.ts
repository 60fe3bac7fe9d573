import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiToken } from './support/api.ts';
import { signIn } from './support/browser.ts';
import { startServer } from './support/server.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

describe('live monitoring: Performance Monitor, Real-time Monitor and the dashboard', () => {
  // A data dir of our own, so the server can be stopped and started again on the same data.
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-monitoring-'));
  const running = serverAndBrowser({ demo: true, dataDir });
  let page: Page;
  let token: string;
  before(async () => {
    token = await apiToken(running.server.url);
    page = await running.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, running.server.url);
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${running.server.url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 200, `${path}: ${res.status}`);
    return ((await res.json()) as { data: T }).data;
  };
  /** The figure of the stat card with this label. */
  const cardValue = (label: string) =>
    page
      .locator('[data-slot=card]')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('.text-2xl');
  const meterValue = async (name: string) =>
    Number(await page.getByRole('meter', { name }).getAttribute('aria-valuenow'));
  const socketStatus = (text: 'Connected' | 'Disconnected') =>
    page.getByTestId('socket-status').filter({ hasText: new RegExp(`^${text}$`) });

  it('Performance Monitor shows the measured health, usage, latency and uptime', async () => {
    await page.goto(`${running.server.url}/performance`);
    await page
      .getByTestId('health-status')
      .filter({ hasText: /^(healthy|warning|critical)$/ })
      .waitFor();
    const health = await api<{ memory_usage: number; disk_usage: number }>('/api/v1/health/detailed');
    // Memory moves a little between the two reads; disk usage of the data dir's file system barely.
    assert.ok(Math.abs((await meterValue('Memory Usage')) - health.memory_usage) <= 5);
    assert.ok(Math.abs((await meterValue('Disk Usage')) - health.disk_usage) <= 2);
    assert.ok(health.memory_usage > 0 && health.disk_usage > 0);
    assert.match((await cardValue('CPU Usage').textContent()) ?? '', /^\d+\.\d%$/);
    assert.match((await cardValue('Uptime').textContent()) ?? '', /^\d+d \d+h \d+m$/);
    assert.match((await cardValue('Network Latency').textContent()) ?? '', /^\d+\.\d ms$/);
    // The page's own requests are in the last minute's count.
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('div')].filter(
        (d) => d.textContent === 'Requests (last minute)',
      );
      return Number(cells[0]?.nextElementSibling?.textContent) > 0;
    });
  });

  it('Real-time Monitor is connected and shows live values that match the API and keep arriving', async () => {
    await page.goto(`${running.server.url}/monitor`);
    await socketStatus('Connected').waitFor();
    await page
      .getByTestId('disk-percent')
      .filter({ hasText: /^\d+\.\d%$/ })
      .waitFor();
    const monitor = await api<{ systemMetrics: { diskUsage: number; memoryUsage: number } }>(
      '/api/v1/monitoring/metrics',
    );
    const shown = async (id: string) => Number.parseFloat((await page.getByTestId(id).textContent()) ?? '');
    assert.ok(Math.abs((await shown('disk-percent')) - monitor.systemMetrics.diskUsage) <= 2);
    assert.ok(Math.abs((await shown('memory-percent')) - monitor.systemMetrics.memoryUsage) <= 5);
    assert.match((await page.getByTestId('cpu-percent').textContent()) ?? '', /^\d+\.\d%$/);
    await page
      .getByTestId('system-status')
      .filter({ hasText: /^(healthy|warning|error)$/ })
      .waitFor();
    await page.getByText(/^Uptime \d+h \d+m$/).waitFor();
    // The server pushes a sample every few seconds; each one refreshes the screen.
    const lastUpdated = page.getByText(/^Last updated: /);
    const first = await lastUpdated.textContent();
    await page.waitForFunction(
      (before) =>
        [...document.querySelectorAll('p')].some(
          (p) => p.textContent?.startsWith('Last updated: ') && p.textContent !== before,
        ),
      first,
      { timeout: 20_000 },
    );
  });

  it('turning auto-refresh off disables the interval select, and on enables it again', async () => {
    const select = page.getByRole('combobox', { name: 'Refresh interval' });
    assert.equal(await select.isEnabled(), true);
    await select.selectOption('10000');
    await page.getByRole('button', { name: 'Auto-refresh ON' }).click();
    await page.getByRole('button', { name: 'Auto-refresh OFF' }).waitFor();
    assert.equal(await select.isDisabled(), true);
    await page.getByRole('button', { name: 'Auto-refresh OFF' }).click();
    assert.equal(await select.isEnabled(), true);
    assert.equal(await select.inputValue(), '10000');
  });

  it('shows Disconnected while the server is down and reconnects by itself when it is back', async () => {
    await socketStatus('Connected').waitFor();
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const port = Number(new URL(running.server.url).port);
    assert.equal(await running.server.stop(), 0);
    await socketStatus('Disconnected').waitFor({ timeout: 15_000 });

    running.server = await startServer({ demo: true, dataDir, port });
    await socketStatus('Connected').waitFor({ timeout: 30_000 });
    assert.equal(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      true,
      'reconnected without a reload',
    );
    await page
      .getByTestId('disk-percent')
      .filter({ hasText: /^\d+\.\d%$/ })
      .waitFor();
  });

  it('the dashboard shows real numbers: total users as the API counts them, and measured CPU and memory', async () => {
    await page.goto(`${running.server.url}/dashboard`);
    const users = await api<{ total: number }>('/api/v1/admin/public/users?limit=1');
    assert.ok(users.total > 0);
    await cardValue('Total Users')
      .filter({ hasText: users.total.toLocaleString('en-US') })
      .waitFor();
    await page.getByRole('meter', { name: 'Memory Usage' }).waitFor();
    assert.ok((await meterValue('Memory Usage')) > 0);
    assert.match(
      (await page
        .getByText(/^\d+\.\d ms$/)
        .first()
        .textContent()) ?? '',
      /^\d+\.\d ms$/,
      'response time',
    );
  });
});
