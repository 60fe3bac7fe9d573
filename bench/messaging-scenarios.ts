// The notifications and official-messages lists at `--scale 1m`, each twin recorded from the service function
// the route calls, and a send to every user while another list is under load.
import { ListNotificationsQuery } from '@switchboard/contract/notifications';
import autocannon from 'autocannon';
import {
  listNotifications,
  notificationStats,
} from '../server/src/modules/notifications/notifications.service.ts';
import { listMessages } from '../server/src/modules/official-messages/official-messages.service.ts';
import { BROWSER_ACCEPT_ENCODING } from './browser-headers.ts';
import { recorded } from './repository-sql.ts';
import { LIST_TARGET, listScenario, type Scenario } from './scenarios.ts';

const notifications = (name: string, path: string) =>
  listScenario(`messaging: ${name}`, path, ListNotificationsQuery, listNotifications);

export const messagingScenarios: Scenario[] = [
  notifications('notifications list', '/api/v1/admin/notifications'),
  notifications('notifications sent filter', '/api/v1/admin/notifications?status=sent'),
  {
    name: 'messaging: notification stats',
    path: '/api/v1/admin/notification-stats',
    targetP99Ms: 20,
    sql: recorded((db) => notificationStats(db)),
  },
  {
    name: 'messaging: official messages list',
    path: '/api/v1/admin/official-messages',
    targetP99Ms: LIST_TARGET,
    sql: recorded((db) => listMessages(db)),
  },
];

export const SEND_UNDER_LOAD = 'messaging: send to all under load';

/** The list that other admins keep using while a broadcast is written. */
const BACKGROUND_PATH = '/api/v1/admin/public/users?page=1&limit=10';

interface Latencies {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export interface SendUnderLoadResult {
  name: string;
  recipients: number;
  sendMs: number;
  background: string;
  withoutSend: Latencies;
  duringSend: Latencies;
}

/**
 * Sends a notification to audience "all" while autocannon drives the users list, and compares that list's
 * latency over the requests that overlapped the send with a run of the same length without it.
 */
export async function sendUnderLoad(baseUrl: string, token: string): Promise<SendUnderLoadResult> {
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...BROWSER_ACCEPT_ENCODING,
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { id: number; total_recipients: number } }).data;
  };

  const created = await api('POST', '/admin/notifications', {
    title: 'Bench broadcast',
    message: 'A notification to every user, sent while the users list is under load.',
    target_audience: 'all',
  });
  // First the send alone, to size the comparison window; its notification is one more broadcast like the next.
  let started = performance.now();
  await api('POST', `/admin/notifications/${created.id}/send`);
  const windowMs = Math.max(2000, performance.now() - started) + 1000;

  const baseline = await drive(baseUrl, token, windowMs, async () => [0, windowMs]);

  const second = await api('POST', '/admin/notifications', {
    title: 'Bench broadcast (under load)',
    message: 'A notification to every user, sent while the users list is under load.',
    target_audience: 'all',
  });
  let sent = { id: 0, total_recipients: 0 };
  let sendMs = 0;
  const during = await drive(baseUrl, token, windowMs + 2000, async (t0) => {
    await sleep(500);
    started = performance.now();
    sent = await api('POST', `/admin/notifications/${second.id}/send`);
    sendMs = performance.now() - started;
    return [started - t0, started - t0 + sendMs];
  });
  return {
    name: SEND_UNDER_LOAD,
    recipients: sent.total_recipients,
    sendMs: Math.round(sendMs),
    background: BACKGROUND_PATH,
    withoutSend: baseline,
    duringSend: during,
  };
}

/**
 * Runs autocannon on the background list for `durationMs` while `during` runs, and summarises the
 * responses whose time in flight overlapped the window (ms from the start) that `during` returns.
 */
async function drive(
  baseUrl: string,
  token: string,
  durationMs: number,
  during: (t0: number) => Promise<[number, number]>,
): Promise<Latencies> {
  const done: { end: number; ms: number; ok: boolean }[] = [];
  const t0 = performance.now();
  const instance = autocannon({
    url: `${baseUrl}${BACKGROUND_PATH}`,
    headers: { ...BROWSER_ACCEPT_ENCODING, authorization: `Bearer ${token}` },
    connections: 10,
    duration: durationMs / 1000,
    // Without a callback autocannon returns its instance, which is also a promise of the result.
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client, status, _bytes, responseTime) => {
    done.push({ end: performance.now() - t0, ms: responseTime, ok: status < 300 });
  });
  const [from, to] = await during(t0);
  await instance;
  const overlapping = done.filter((r) => r.end - r.ms < to && r.end > from);
  const sorted = overlapping.map((r) => r.ms).sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return {
    requests: sorted.length,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    errors: overlapping.filter((r) => !r.ok).length,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function printSendUnderLoad(r: SendUnderLoadResult) {
  const line = (l: Latencies) =>
    `p50 ${l.p50Ms} ms  p99 ${l.p99Ms} ms  (${l.requests} requests${l.errors ? `, ${l.errors} errors` : ''})`;
  console.log(`${r.name.padEnd(34)} ${r.recipients} recipients in ${r.sendMs} ms`);
  console.log(`${`  ${r.background} without send`.padEnd(34)} ${line(r.withoutSend)}`);
  console.log(`${`  ${r.background} during send`.padEnd(34)} ${line(r.duringSend)}`);
}
