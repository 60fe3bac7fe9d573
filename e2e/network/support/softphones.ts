import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { createUser } from '../../support/api.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../../support/browser.ts';

/** Camera and microphone are Chromium's fake devices, granted without a prompt. */
const MEDIA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];
export const PASSWORD = 'Caller-pass-1!';

/**
 * Debian's Chromium inside a network namespace: playwright-core starts a wrapper that is
 * `ip netns exec <namespace> /usr/bin/chromium`, and drives it over the DevTools pipe it inherits, so the
 * browser's every packet leaves from that namespace. The server is not on localhost there, so its origin is
 * marked secure for getUserMedia.
 */
export async function browserIn(namespace: string, origin: string): Promise<Browser> {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-netns-chromium-'));
  const wrapper = join(dir, 'chromium');
  writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec '${namespace}' ${CHROMIUM} "$@"\n`);
  chmodSync(wrapper, 0o755);
  const browser = await chromium.launch({
    executablePath: wrapper,
    args: [...CHROMIUM_ARGS, ...MEDIA_ARGS, `--unsafely-treat-insecure-origin-as-secure=${origin}`],
  });
  browser.on('disconnected', () => rmSync(dir, { recursive: true, force: true }));
  return browser;
}

export async function api<T>(url: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
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

export async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A caller with coins and the callee in its contacts, both able to sign in to the softphone. */
export async function callerAndCallee(url: string, admin: string, tag: string) {
  const suffix = `${tag}_${Date.now().toString(36)}`;
  const caller = `alice_${suffix}`;
  const callee = `bob_${suffix}`;
  const made = async (username: string) =>
    (await createUser(url, admin, { username, email: `${username}@example.com`, password: PASSWORD })).id;
  const [callerId, calleeId] = await Promise.all([made(caller), made(callee)]);
  await api(url, admin, '/admin/coins/add', {
    method: 'POST',
    body: JSON.stringify({ user_id: callerId, amount: 500, description: 'Calling credit' }),
  });
  const login = await fetch(`${url}/api/v1/auth/app/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: caller, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`app login ${caller}: ${login.status} ${await login.text()}`);
  const { access_token } = (await login.json()) as { access_token: string };
  await api(url, access_token, '/users/contacts', {
    method: 'POST',
    body: JSON.stringify({ user_id: calleeId }),
  });
  return { caller, callee, callerId, calleeId };
}

/** The softphone at /app, signed in and connected to the server. */
export async function softphone(browser: Browser, url: string, username: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1000, height: 800 } })).newPage();
  await page.goto(`${url}/app`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Connected', { exact: false }).waitFor({ timeout: 30_000 });
  return page;
}

export const callStatus = (page: Page) => page.getByTestId('call-status');
export const mediaStatus = (page: Page) => page.getByTestId('media-status');

/** The caller rings the callee, who accepts; both see the call active. */
export async function placeVoiceCall(caller: Page, callee: Page, calleeName: string): Promise<void> {
  await caller.getByRole('button', { name: `Voice call ${calleeName}` }).click();
  await callee.getByText(/Incoming voice call from alice_/).waitFor({ timeout: 30_000 });
  await callee.getByRole('button', { name: 'Accept' }).click();
  for (const page of [caller, callee])
    await callStatus(page)
      .getByText(/: active/)
      .waitFor({ timeout: 30_000 });
}

type Inspection = {
  data: {
    paths: {
      side: string;
      local_candidate_type: string;
      remote_candidate_type: string;
      relay_server: string | null;
    }[];
    verdict: { verdict: string; summary: string; evidence: string[] } | null;
    judged: boolean;
  };
};

/** The call the caller placed last, from the admin's Calls list. */
export async function lastCallOf(url: string, admin: string, caller: string): Promise<number> {
  type List = { data: { calls: { id: number }[] } };
  const { data } = await api<List>(url, admin, `/admin/public/calls?search=${caller}&limit=5`);
  const id = data.calls[0]?.id;
  if (!id) throw new Error(`no call by ${caller}`);
  return id;
}

export function inspection(url: string, admin: string, callId: number) {
  return api<Inspection>(url, admin, `/admin/calls/${callId}/inspection`).then((r) => r.data);
}

/** The inspection once the call has been judged (the verdicts job runs every 5 s after the end). */
export function judged(url: string, admin: string, callId: number) {
  return until(
    `the verdict of call ${callId}`,
    async () => {
      const data = await inspection(url, admin, callId);
      return data.judged ? data : undefined;
    },
    45_000,
  );
}
