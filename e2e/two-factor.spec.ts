import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

/** RFC 6238 with an authenticator app's settings (SHA-1, 6 digits, 30 s), from the base32 key. */
function totp(base32Secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/[\s=]/g, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from(bits.match(/.{8}/g)?.map((byte) => Number.parseInt(byte, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

describe('two-factor sign-in', () => {
  const running = serverAndBrowser({ demo: true });

  const passwordStep = async (page: Page) => {
    await page.goto(`${running.server.url}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('Admin123!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Authentication code').waitFor();
  };
  const codeStep = async (page: Page, code: string) => {
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
  };
  const signOut = async (page: Page) => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${running.server.url}/login`);
  };

  it('an admin adds an authenticator, then signs in with password and code; a recovery code works once', async () => {
    const page = await running.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, running.server.url);

    // Account, from the top bar: two-factor is off, and this device is among the sessions.
    await page.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(`${running.server.url}/account`);
    await page.getByText('This device').waitFor();
    await page.getByRole('button', { name: 'Set up an authenticator' }).click();
    await page.getByRole('img', { name: 'QR code of the authenticator key' }).waitFor();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    assert.match(secret, /^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from the app').fill(totp(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    const codes = (await page.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) =>
      c.trim(),
    );
    assert.equal(codes.length, 10);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('10 recovery codes left').waitFor();
    await signOut(page);

    // Password, then the code of the next 30-second step (the current one was spent turning it on).
    await passwordStep(page);
    await codeStep(page, totp(secret, Date.now() + 30_000));
    await page.waitForURL(`${running.server.url}/dashboard`);
    await signOut(page);

    // A recovery code signs in once...
    const recovery = codes[0] ?? '';
    await passwordStep(page);
    await codeStep(page, recovery);
    await page.waitForURL(`${running.server.url}/dashboard`);
    await signOut(page);

    // ...and not twice.
    await passwordStep(page);
    await codeStep(page, recovery);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /Invalid or expired code/);
    assert.equal(new URL(page.url()).pathname, '/login');
    await page.close();
  });
});
